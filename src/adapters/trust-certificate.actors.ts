import type { Monitor } from '@vigil/domain/monitor.schema'
import { fromPromise } from 'xstate'
import { trustCertificateMachine } from '../machines/trust-certificate.machine.ts'
import type { Effects } from './flows.actors.ts'
import type { MonitorsApi } from './monitors-api.ts'

/** "Trust this certificate": the fingerprint pinned by a change of the monitor; the page hears of the saved monitor. */
export const trustCertificateLogic = (api: MonitorsApi, fx: Effects, on: { trusted(monitor: Monitor): void }) =>
  trustCertificateMachine.provide({
    actors: {
      pinCertificate: fromPromise(({ input }) =>
        api
          .updateMonitor(input.id, { tls_trust: { mode: 'pin', fingerprint: input.fingerprint } })
          .then((saved) => saved.monitor),
      ),
    },
    actions: {
      trusted: (_, { monitor }) => on.trusted(monitor),
      notify: (_, { title, type }) => fx.toast({ title, type }),
    },
  })
