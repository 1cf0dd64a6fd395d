import { describe, expect, it } from 'vitest'
import { oneAtATime } from '../../src/server/read-model/one-at-a-time.ts'

describe('oneAtATime', () => {
  it('runs work in the order asked, never two at once, and a failure does not stop the rest', async () => {
    const queue = oneAtATime()
    const log: string[] = []
    let running = 0
    const job = (name: string, fail = false) =>
      queue(async () => {
        running++
        expect(running).toBe(1)
        log.push(`start ${name}`)
        await Promise.resolve()
        log.push(`end ${name}`)
        running--
        if (fail) throw new Error(`${name} failed`)
        return name
      })
    const results = await Promise.allSettled([job('a'), job('b', true), job('c')])
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c'])
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      'a',
      'b failed',
      'c',
    ])
  })

  it('starts each piece of work from a turn of the event loop of its own, so I/O waiting between them goes first', async () => {
    const queue = oneAtATime()
    const log: string[] = []
    await Promise.all([
      queue(async () => {
        log.push('first')
        setImmediate(() => log.push('I/O turn'))
      }),
      queue(async () => log.push('second')),
    ])
    expect(log).toEqual(['first', 'I/O turn', 'second'])
  })
})
