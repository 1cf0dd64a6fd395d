import { Dialog as ArkDialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import type { CheckResult } from '@vigil/domain/check-result'
import type { Monitor } from '@vigil/domain/monitor.schema'
import { hasTlsTrust, type SeenCertificate, untrustedCertificate } from '@vigil/domain/tls-trust'
import { ShieldCheck } from 'lucide-react'
import { useMemo, useRef } from 'react'
import { css } from '../../../../styled-system/css'
import { monitorsApi } from '../../../adapters/monitors-api.ts'
import { trustCertificateLogic } from '../../../adapters/trust-certificate.actors.ts'
import { useActorRef, useSelector } from '../../app/actor-hooks.ts'
import { useEffects } from '../../app/effects.ts'
import * as Alert from '../../components/alert.tsx'
import { Button } from '../../components/button.tsx'
import * as Dialog from '../../components/dialog.tsx'
import { ErrorAlert } from '../ErrorAlert.tsx'
import { Fingerprint } from './Fingerprint.tsx'
import { factList, mono, wideFact } from './facts-styles.ts'
import { formatDate } from './format.ts'

// "Trust this certificate" on a monitor's page: when its newest check refused a certificate as untrusted, what was
// seen (subject, expiry, fingerprint) and a button that pins it after a confirmation showing the same.

/** The certificate the newest check refused, unless the monitor trusts it already or ignores certificates. */
const refusedOf = (monitor: Monitor, newest: CheckResult | null): SeenCertificate | null => {
  const seen = newest && !newest.ok ? untrustedCertificate(newest.detail) : null
  if (!seen || !hasTlsTrust(monitor)) return null
  if ('verify_tls' in monitor && !monitor.verify_tls) return null
  // Pinned since that check: the next one will tell.
  const trust = monitor.tls_trust
  return trust.mode === 'pin' && trust.fingerprint === seen.fingerprint256 ? null : seen
}

function CertificateFacts({ seen }: { seen: SeenCertificate }) {
  return (
    <dl className={factList}>
      <div>
        <dt>Subject</dt>
        <dd>{seen.subject || '–'}</dd>
      </div>
      <div>
        <dt>Expires</dt>
        <dd>
          <time dateTime={seen.valid_to}>{formatDate(seen.valid_to)}</time>
        </dd>
      </div>
      <div className={wideFact}>
        <dt>SHA-256 fingerprint</dt>
        <dd className={mono}>
          <Fingerprint value={seen.fingerprint256} />
        </dd>
      </div>
    </dl>
  )
}

export function UntrustedCertificate({
  monitor,
  newest,
  onTrusted,
}: {
  monitor: Monitor
  newest: CheckResult | null
  onTrusted: (monitor: Monitor) => void
}) {
  const fx = useEffects()
  const latest = useRef(onTrusted)
  latest.current = onTrusted
  const logic = useMemo(() => trustCertificateLogic(monitorsApi, fx, { trusted: (m) => latest.current(m) }), [fx])
  const flow = useActorRef(logic)
  const open = useSelector(flow, (s) => !s.matches('idle'))
  const saving = useSelector(flow, (s) => s.matches('saving'))
  const asked = useSelector(flow, (s) => s.context.certificate)
  const error = useSelector(flow, (s) => s.context.error)
  const seen = refusedOf(monitor, newest)
  if (!seen && !open) return null
  return (
    <>
      {seen && (
        <Alert.Root role="note" status="warning" flexWrap="wrap" data-testid="untrusted-certificate">
          <Alert.Content className={css({ flex: '1 1 18rem', minW: '0' })}>
            <Alert.Title>The last check did not trust this certificate</Alert.Title>
            <CertificateFacts seen={seen} />
          </Alert.Content>
          <Button
            size="sm"
            variant="outline"
            onClick={() => flow.send({ type: 'trust.ask', monitorId: monitor.id, certificate: seen })}
          >
            <ShieldCheck aria-hidden="true" /> Trust this certificate
          </Button>
        </Alert.Root>
      )}
      <Dialog.Root
        open={open}
        onOpenChange={(details) => {
          if (!details.open) flow.send({ type: 'trust.cancel' })
        }}
        role="alertdialog"
        closeOnEscape={!saving}
        closeOnInteractOutside={!saving}
        lazyMount
        unmountOnExit
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content w="md" aria-busy={saving}>
              <Dialog.Title>Trust this certificate?</Dialog.Title>
              <Dialog.Description>
                Checks of {monitor.name} will accept this certificate alone, whoever issued it. A renewed certificate
                has another fingerprint, and must be trusted again.
              </Dialog.Description>
              {asked && <CertificateFacts seen={asked} />}
              <ErrorAlert message={error} />
              <div
                className={css({ display: 'flex', justifyContent: 'flex-end', gap: '3', mt: '2', flexWrap: 'wrap' })}
              >
                <ArkDialog.CloseTrigger asChild>
                  <Button variant="outline" disabled={saving}>
                    Cancel
                  </Button>
                </ArkDialog.CloseTrigger>
                <Button onClick={() => flow.send({ type: 'trust.confirm' })} disabled={saving}>
                  {saving ? 'Saving...' : 'Trust this certificate'}
                </Button>
              </div>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  )
}
