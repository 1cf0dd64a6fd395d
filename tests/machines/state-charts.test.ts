// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import mermaid from 'mermaid'
import { beforeAll, describe, expect, it } from 'vitest'
import { createActor, fromPromise, setup } from 'xstate'
import { CHARTS_DIR, chartIndex, chartPage, type MachineChart, machineCharts } from '../../scripts/charts.ts'
import { stateChart, stateWords, withCurrentState } from '../../src/machines/state-chart.ts'

// The charts in docs/machines are the machines as they are: each file is what `npm run charts` writes now, none is
// missing or left over, and Mermaid's own parser (the one GitHub draws with) reads every one.

let found: { charts: MachineChart[]; unknown: string[] }
beforeAll(async () => {
  found = await machineCharts()
}, 60_000)

describe('the state charts', () => {
  it('chart every machine src/machines exports', () => {
    expect(found.unknown).toEqual([])
    expect(found.charts.length).toBeGreaterThan(30)
  })

  it('are up to date in docs/machines (run `npm run charts` when this fails)', () => {
    const written = readdirSync(CHARTS_DIR).sort()
    expect(written).toEqual(['README.md', ...found.charts.map((c) => c.file)].sort())
    expect(readFileSync(resolve(CHARTS_DIR, 'README.md'), 'utf8')).toBe(chartIndex(found.charts))
    for (const chart of found.charts)
      expect(readFileSync(resolve(CHARTS_DIR, chart.file), 'utf8'), chart.file).toBe(chartPage(chart))
  })

  it('are read by Mermaid', async () => {
    for (const chart of found.charts)
      await expect(mermaid.parse(chart.chart), chart.file).resolves.toMatchObject({ diagramType: 'stateDiagram' })
  })

  it('draw nested and parallel states, guards, invoked actors, delays, final states and the machine’s own events', async () => {
    const machine = setup({
      guards: { isReady: () => true },
      actors: { fetchAll: fromPromise(async () => null) },
      delays: { patience: 1000 },
    }).createMachine({
      id: 'sample',
      initial: 'idle',
      on: { reset: '.idle' },
      states: {
        idle: { on: { go: { target: 'working', guard: 'isReady' }, poke: {} } },
        working: {
          type: 'parallel',
          states: {
            fetch: {
              initial: 'loading',
              states: {
                loading: { invoke: { src: 'fetchAll', onDone: 'loaded', onError: 'loaded' } },
                loaded: { type: 'final' },
              },
            },
            clock: {
              initial: 'ticking',
              states: { ticking: { after: { patience: 'late', 500: 'ticking' } }, late: {} },
            },
          },
          onDone: 'done',
        },
        done: { always: 'idle' },
      },
    })
    const chart = stateChart(machine)
    expect(chart.split('\n')).toEqual([
      'stateDiagram-v2',
      '  [*] --> idle',
      '  state "idle" as idle',
      '  state working {',
      '    state working__fetch {',
      '      [*] --> working__fetch__loading',
      '      state "loading · invokes fetchAll" as working__fetch__loading',
      '      state "loaded" as working__fetch__loaded',
      '      working__fetch__loaded --> [*]',
      '    }',
      '    state "fetch" as working__fetch',
      '    --',
      '    state working__clock {',
      '      [*] --> working__clock__ticking',
      '      state "ticking" as working__clock__ticking',
      '      state "late" as working__clock__late',
      '    }',
      '    state "clock" as working__clock',
      '  }',
      '  state "working" as working',
      '  state "done" as done',
      '  state "any state" as any_state__',
      '  any_state__ --> idle: reset',
      '  idle --> working: go [isReady]',
      '  idle --> idle: poke',
      '  working --> done: done',
      '  working__fetch__loading --> working__fetch__loaded: done fetchAll',
      '  working__fetch__loading --> working__fetch__loaded: error fetchAll',
      '  working__clock__ticking --> working__clock__ticking: after 500 ms',
      '  working__clock__ticking --> working__clock__late: after patience',
      '  done --> idle: always',
    ])
    await expect(mermaid.parse(chart)).resolves.toMatchObject({ diagramType: 'stateDiagram' })
  })

  it('mark the states a running machine is in, as /dev/machines draws them', async () => {
    const machine = setup({}).createMachine({
      id: 'marked',
      initial: 'idle',
      states: {
        idle: { on: { go: 'working' } },
        working: {
          type: 'parallel',
          states: {
            fetch: { initial: 'loading', states: { loading: { on: { got: 'loaded' } }, loaded: {} } },
            clock: { initial: 'ticking', states: { ticking: {} } },
          },
        },
      },
    })
    const actor = createActor(machine).start()
    expect(stateWords(actor.getSnapshot().value)).toBe('idle')
    expect(withCurrentState(stateChart(machine), actor.getSnapshot().value).split('\n').at(-1)).toBe(
      '  class idle current',
    )
    actor.send({ type: 'go' })
    actor.send({ type: 'got' })
    const { value } = actor.getSnapshot()
    expect(stateWords(value)).toBe('working.fetch.loaded, working.clock.ticking')
    const marked = withCurrentState(stateChart(machine), value)
    expect(marked.startsWith(stateChart(machine))).toBe(true)
    expect(marked.split('\n').slice(-2)).toEqual([
      expect.stringMatching(/^ {2}classDef current fill:#[0-9a-f]{6},/),
      '  class working__fetch__loaded,working__clock__ticking current',
    ])
    await expect(mermaid.parse(marked)).resolves.toMatchObject({ diagramType: 'stateDiagram' })
  })
})
