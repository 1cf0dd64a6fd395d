import { describe, expect, it } from 'vitest'
import { type CheckTarget, runCheck } from '../../../src/server/checks/index.ts'
import { context, monitor } from './servers.ts'

const ALLOW = context(true)

describe('runCheck', () => {
  it('answers a cancelled check without starting it', async () => {
    const abort = new AbortController()
    abort.abort()
    const outcome = await runCheck(monitor({ type: 'web', url: 'http://169.254.169.254/' }), {
      ...ALLOW,
      signal: abort.signal,
    })
    expect(outcome).toEqual({ ok: false, responseMs: null, message: 'The check was cancelled.' })
  })

  it('turns an unexpected error into an outcome instead of throwing', async () => {
    // A monitor that skipped validation: its URL cannot be parsed.
    const broken = { ...monitor({ type: 'web', url: 'http://127.0.0.1/' }), url: 'not a url' } as CheckTarget
    const outcome = await runCheck(broken, ALLOW)
    expect(outcome).toEqual({ ok: false, responseMs: null, message: 'The check failed unexpectedly: Invalid URL.' })
  })

  it('answers a monitor type it does not know', async () => {
    const unknown = { type: 'gopher', name: 'x', timeout_seconds: 5 } as unknown as CheckTarget
    expect(await runCheck(unknown, ALLOW)).toEqual({
      ok: false,
      responseMs: null,
      message: 'Monitors of type gopher cannot be checked.',
    })
  })
})
