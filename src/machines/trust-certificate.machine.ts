import { failureMessage } from '@vigil/domain/api-failure'
import type { Monitor } from '@vigil/domain/monitor.schema'
import type { SeenCertificate } from '@vigil/domain/tls-trust'
import { assign, setup } from 'xstate'
import { toProvide } from './to-provide.ts'

export const TRUST_FAILED = 'The certificate could not be trusted. Please try again.'
export const CERTIFICATE_TRUSTED = 'Certificate trusted. Checking again.'

interface Context {
  /** The monitor whose check refused the certificate. */
  monitorId: string | null
  /** The certificate the check saw, which the user is asked to trust. */
  certificate: SeenCertificate | null
  /** Why saving the pin failed, shown in the dialog. */
  error: string | null
}

// "Trust this certificate" on a monitor's page: the certificate its last check refused is shown in a dialog (subject,
// expiry, fingerprint); on confirm its fingerprint is pinned (the monitor's change checks it again at once), and the
// page hears of the monitor as saved. A refusal stays in the dialog with its reason.
export const trustCertificateMachine = setup({
  types: {} as {
    context: Context
    events:
      | { type: 'trust.ask'; monitorId: string; certificate: SeenCertificate }
      | { type: 'trust.confirm' }
      | { type: 'trust.cancel' }
  },
  actors: {
    pinCertificate: toProvide<Monitor, { id: string; fingerprint: string }>('pinCertificate'),
  },
  actions: {
    trusted: (_, _params: { monitor: Monitor }) => {},
    notify: (_, _params: { title: string; type: 'success' | 'error' }) => {},
  },
}).createMachine({
  id: 'trustCertificate',
  context: { monitorId: null, certificate: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      entry: assign({ monitorId: null, certificate: null, error: null }),
      on: {
        'trust.ask': {
          target: 'confirming',
          actions: assign({
            monitorId: ({ event }) => event.monitorId,
            certificate: ({ event }) => event.certificate,
          }),
        },
      },
    },
    // The dialog is open, showing the certificate (and why the last try failed, if it did).
    confirming: { on: { 'trust.confirm': 'saving', 'trust.cancel': 'idle' } },
    saving: {
      entry: assign({ error: null }),
      invoke: {
        id: 'pinCertificate',
        src: 'pinCertificate',
        input: ({ context }) => ({
          id: context.monitorId ?? '',
          fingerprint: context.certificate?.fingerprint256 ?? '',
        }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'trusted', params: ({ event }) => ({ monitor: event.output }) },
            { type: 'notify', params: { title: CERTIFICATE_TRUSTED, type: 'success' } },
          ],
        },
        onError: {
          target: 'confirming',
          actions: assign({ error: ({ event }) => failureMessage(event.error, TRUST_FAILED) }),
        },
      },
    },
  },
})
