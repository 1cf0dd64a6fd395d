import { useEffect, useState } from 'react'
import { css } from '../../../styled-system/css'
import * as Card from '../components/card.tsx'
import * as EmptyState from '../components/empty-state.tsx'
import { THIS_TAB, type TabActors } from './actor-broadcast.ts'
import { MermaidChart } from './MermaidChart.tsx'
import type { RunningActor } from './running-actors.ts'
import { useTabActors } from './use-tab-actors.ts'

// /dev/machines, in development builds only: the running actors of every tab of the app, each with its current
// state, and a machine's chart (docs/machines draws the same ones) with that state marked. A page's actors stop when
// the page is left, so the page is read from a second tab beside the app; this tab's own actors are listed too.

/** An actor chosen by its tab and id. */
interface Choice {
  tab: string
  id: string
}

const page = css({ minH: '100vh', bg: 'canvas', p: { base: '4', md: '8' } })
const layout = css({
  maxW: '1200px',
  mx: 'auto',
  display: 'grid',
  gap: '6',
  gridTemplateColumns: { base: '1fr', lg: 'minmax(320px, 2fr) 3fr' },
  alignItems: 'start',
})
const list = css({ display: 'grid', gap: '1', listStyle: 'none', p: '0', m: '0' })
const row = css({
  w: 'full',
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: '2',
  textAlign: 'left',
  px: '2',
  py: '1.5',
  rounded: 'md',
  fontSize: 'sm',
  cursor: 'pointer',
  _hover: { bg: 'gray.100' },
  _focusVisible: { outline: '2px solid', outlineColor: 'primary', outlineOffset: '1px' },
  '&[aria-pressed=true]': { bg: 'blue.50', boxShadow: 'inset 3px 0 0 token(colors.blue.700)' },
})
const stateText = css({ fontFamily: 'mono', fontSize: 'xs', color: 'muted', overflowWrap: 'anywhere' })

/** The actors of a tab with each child under its parent. */
const inTreeOrder = (actors: readonly RunningActor[]): { actor: RunningActor; depth: number }[] => {
  const ids = new Set(actors.map((a) => a.id))
  const childrenOf = (parent: string | null) =>
    actors.filter((a) => (parent === null ? a.parent === null || !ids.has(a.parent) : a.parent === parent))
  const walk = (parent: string | null, depth: number): { actor: RunningActor; depth: number }[] =>
    childrenOf(parent).flatMap((actor) => [{ actor, depth }, ...walk(actor.id, depth + 1)])
  return walk(null, 0)
}

function TabCard({
  tab,
  own,
  chosen,
  onChoose,
}: {
  tab: TabActors
  own: boolean
  chosen: Choice | null
  onChoose: (choice: Choice) => void
}) {
  const titleId = `tab-${tab.tab}`
  return (
    <Card.Root as="section" aria-labelledby={titleId} size="sm">
      <Card.Header>
        <Card.Title id={titleId} as="h2">
          {own ? 'This tab' : 'Tab'} at {tab.address}
        </Card.Title>
        <Card.Description>
          {tab.actors.length === 1 ? '1 running actor' : `${tab.actors.length} running actors`}
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <ul className={list}>
          {inTreeOrder(tab.actors).map(({ actor, depth }) => (
            <li key={actor.id} style={{ paddingInlineStart: `${depth * 16}px` }}>
              {actor.chart ? (
                <button
                  type="button"
                  className={row}
                  aria-pressed={chosen?.tab === tab.tab && chosen.id === actor.id}
                  onClick={() => onChoose({ tab: tab.tab, id: actor.id })}
                >
                  <span className={css({ fontWeight: 'medium' })}>{actor.name}</span>
                  <span className={stateText}>{actor.state}</span>
                </button>
              ) : (
                <div className={row} style={{ cursor: 'default' }}>
                  <span>{actor.name}</span>
                  <span className={stateText}>running</span>
                </div>
              )}
            </li>
          ))}
        </ul>
      </Card.Body>
    </Card.Root>
  )
}

export function MachinesPage({ ownTab = THIS_TAB }: { ownTab?: string }) {
  const tabs = useTabActors()
  const [chosen, setChosen] = useState<Choice | null>(null)
  useEffect(() => {
    document.title = 'Running machines · Vigil (development)'
  }, [])
  const chosenTab = tabs.find((t) => t.tab === chosen?.tab)
  const actor = chosenTab?.actors.find((a) => a.id === chosen?.id)
  // This tab first: it is the one being read.
  const ordered = [...tabs].sort((a, b) => Number(b.tab === ownTab) - Number(a.tab === ownTab))

  return (
    <main className={page} aria-labelledby="machines-title">
      <div className={css({ maxW: '1200px', mx: 'auto', mb: '6' })}>
        <h1 id="machines-title" className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
          Running machines
        </h1>
        <p className={css({ color: 'muted', mt: '1' })}>
          The app's running actors in every open tab, live, with each machine's current state. Open the app in another
          tab and use it: its actors appear here as its pages start them. Choose a machine to see its chart.
        </p>
      </div>
      <div className={layout}>
        <div className={css({ display: 'grid', gap: '4' })}>
          {ordered.length === 0 ? (
            <EmptyState.Root variant="card">
              <EmptyState.Title>No tab has told its actors yet</EmptyState.Title>
              <EmptyState.Description>Open the app in another tab of this browser.</EmptyState.Description>
            </EmptyState.Root>
          ) : (
            ordered.map((tab) => (
              <TabCard key={tab.tab} tab={tab} own={tab.tab === ownTab} chosen={chosen} onChoose={setChosen} />
            ))
          )}
        </div>
        <Card.Root as="section" aria-labelledby="chart-title" className={css({ lg: { position: 'sticky', top: '4' } })}>
          <Card.Header>
            <Card.Title id="chart-title">{actor ? actor.name : 'Chart'}</Card.Title>
            <Card.Description>
              {actor
                ? `Now in ${actor.state}, marked in blue.`
                : chosen
                  ? 'That actor has stopped.'
                  : 'Choose a machine from the list to see its chart.'}
            </Card.Description>
          </Card.Header>
          {actor?.chart && (
            <Card.Body>
              <MermaidChart chart={actor.chart} label={`The ${actor.name} machine, in ${actor.state}`} />
            </Card.Body>
          )}
        </Card.Root>
      </div>
    </main>
  )
}
