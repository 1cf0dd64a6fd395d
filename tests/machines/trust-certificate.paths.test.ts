import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import {
  CERTIFICATE_TRUSTED,
  TRUST_FAILED,
  trustCertificateMachine,
} from '../../src/machines/trust-certificate.machine.ts'
import { webMonitor } from '../fixtures/monitors.ts'
import { actorEvents, journey, reachedStateNodes, stateNodeIds } from './traversal.ts'

const FINGERPRINT = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, '0').toUpperCase()).join(':')
const certificate = {
  subject: 'intranet',
  issuer: 'intranet',
  valid_to: '2027-01-05T00:00:00.000Z',
  fingerprint256: FINGERPRINT,
}
const pinned = webMonitor({ tls_trust: { mode: 'pin', fingerprint: FINGERPRINT } })
const { done, error } = actorEvents(trustCertificateMachine)
const ask = { type: 'trust.ask', monitorId: 'w1', certificate } as const
const confirm = { type: 'trust.confirm' } as const
const cancel = { type: 'trust.cancel' } as const
const events = [
  ask,
  confirm,
  cancel,
  done('pinCertificate', pinned),
  error('pinCertificate', { status: 400, message: 'Enter the SHA-256 fingerprint of the certificate to trust.' }),
]

describe('trust certificate machine paths', () => {
  const reached = reachedStateNodes(trustCertificateMachine, { events })
  it.each(stateNodeIds(trustCertificateMachine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('asks first, showing the certificate; cancel forgets it, confirm saves', () => {
    const asking = journey(trustCertificateMachine, [ask]).state
    expect(asking.value).toBe('confirming')
    expect(asking.context).toEqual({ monitorId: 'w1', certificate, error: null })
    expect(journey(trustCertificateMachine, [ask, cancel]).state.context.certificate).toBeNull()
    expect(journey(trustCertificateMachine, [ask, confirm]).state.value).toBe('saving')
    expect(journey(trustCertificateMachine, [ask, confirm, done('pinCertificate', pinned)]).state.value).toBe('idle')
  })

  it('a refusal goes back to the dialog with its reason, which a new try clears', () => {
    const refused = journey(trustCertificateMachine, [ask, confirm, error('pinCertificate', { status: 0 })]).state
    expect(refused.value).toBe('confirming')
    expect(refused.context.error).toBe(TRUST_FAILED)
    expect(
      journey(trustCertificateMachine, [ask, confirm, error('pinCertificate', {}), confirm]).state.context.error,
    ).toBeNull()
  })

  it('ignores a second ask while the dialog is open, and a cancel while saving', () => {
    const other = { ...ask, monitorId: 'w2' }
    expect(journey(trustCertificateMachine, [ask, other]).state.context.monitorId).toBe('w1')
    expect(journey(trustCertificateMachine, [ask, confirm, cancel]).state.value).toBe('saving')
  })
})

describe('trust certificate machine, run', () => {
  it('pins the fingerprint seen on the monitor asked about, tells the page and says so', async () => {
    const trusted = vi.fn()
    const notify = vi.fn()
    const pin = vi.fn(async (_input: { id: string; fingerprint: string }) => pinned)
    const actor = createActor(
      trustCertificateMachine.provide({
        actors: { pinCertificate: fromPromise(({ input }) => pin(input)) },
        actions: { trusted: (_, p) => trusted(p.monitor), notify: (_, p) => notify(p) },
      }),
    ).start()
    actor.send(ask)
    actor.send(confirm)
    await waitFor(actor, (s) => s.matches('idle'))
    expect(pin).toHaveBeenCalledWith({ id: 'w1', fingerprint: FINGERPRINT })
    expect(trusted).toHaveBeenCalledWith(pinned)
    expect(notify).toHaveBeenCalledWith({ title: CERTIFICATE_TRUSTED, type: 'success' })
  })
})
