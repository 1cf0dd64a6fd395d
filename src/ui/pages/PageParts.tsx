import { useActorRef, useSelector } from '../app/actor-hooks.ts'
import { type LucideIcon, Trash2 } from 'lucide-react'
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react'
import type { AnyActorRef, AnyStateMachine, ContextFrom } from 'xstate'
import { css } from '../../../styled-system/css'
import type { Effects } from '../../adapters/flows.actors.ts'
import { useEffects } from '../app/effects.ts'
import * as Alert from '../components/alert.tsx'
import { Button } from '../components/button.tsx'
import * as Card from '../components/card.tsx'
import * as PageHeader from '../components/page-header.tsx'

// What the signed-in pages share around the kit's parts: the stacked layout of a list page, its list of cards,
// and what a page shows while its flow loads or after a load failed.

/** A page of stacked parts (header, alerts, a list): one column that never grows wider than the window. */
export const pageLayout = css({ display: 'grid', gap: '4', gridTemplateColumns: 'minmax(0, 1fr)' })

/**
 * A page of stacked parts under its header (the incidents, reporting and list pages): its h1 (`id` names the section;
 * `icon` stands before it), what the page holds, and its `actions` when it has any.
 */
export function StackedPage({
  id,
  title,
  icon: Icon,
  description,
  actions,
  children,
}: {
  id: string
  title: ReactNode
  icon?: LucideIcon
  description: ReactNode
  actions?: ReactNode
  children: ReactNode
}) {
  return (
    <section className={pageLayout} aria-labelledby={id}>
      <PageHeader.Root>
        <PageHeader.Content>
          {Icon ? (
            <PageHeader.Title id={id} display="flex" gap="2" alignItems="center">
              <Icon size={24} aria-hidden="true" className={css({ flexShrink: '0', color: 'muted' })} />
              {title}
            </PageHeader.Title>
          ) : (
            <PageHeader.Title id={id}>{title}</PageHeader.Title>
          )}
          <PageHeader.Description>{description}</PageHeader.Description>
        </PageHeader.Content>
        {actions && <PageHeader.Actions>{actions}</PageHeader.Actions>}
      </PageHeader.Root>
      {children}
    </section>
  )
}

/** A list of cards (channels, status pages, incidents, windows). */
export const cardList = css({ display: 'grid', gap: '3', listStyle: 'none', p: '0', m: '0' })

/** A page's records as a list of cards, each drawn by `children`; `empty` says so while there are none. */
export function CardList<T>({
  items,
  empty,
  children,
}: {
  items: readonly T[]
  empty: ReactNode
  children: (item: T) => ReactNode
}) {
  return items.length === 0 ? empty : <ul className={cardList}>{items.map(children)}</ul>
}

/** A page's content is on its way: a card that says so, read out as a status. */
export function LoadingCard() {
  return (
    <Card.Root as="p" role="status">
      Loading...
    </Card.Root>
  )
}

/**
 * A button of a card: small, outlined, with its icon. `label` starts with the words on it and names what the card
 * shows ("Edit Acme status"), so that a list of cards reads well.
 */
export function CardAction({
  label,
  onClick,
  disabled,
  icon: Icon,
  className,
  children,
}: {
  label: string
  onClick: () => void
  disabled?: boolean
  icon: LucideIcon
  className?: string
  children: ReactNode
}) {
  return (
    <Button size="sm" variant="outline" disabled={disabled} onClick={onClick} aria-label={label} className={className}>
      <Icon aria-hidden="true" /> {children}
    </Button>
  )
}

/** The card's button that removes what it shows (after the confirmation dialog), in red. */
export function RemoveButton(
  props: Omit<Parameters<typeof CardAction>[0], 'icon' | 'className'> & { icon?: LucideIcon },
) {
  return <CardAction {...props} icon={props.icon ?? Trash2} className={danger} />
}

const danger = css({ color: 'red.700' })

/** A load failed: why (read out at once), and a button that asks again. */
export function RetryAlert({
  children,
  onRetry,
  role = 'alert',
}: {
  children: ReactNode
  onRetry: () => void
  /** `alert` for what fails the page; `status` for a part of it (the form still works without). */
  role?: 'alert' | 'status'
}) {
  return (
    <Alert.Root role={role}>
      <Alert.Description>{children}</Alert.Description>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </Alert.Root>
  )
}

/** The item a list page's flow is asked to remove (its context's `removing`). */
type RemovalOf<M extends AnyStateMachine> = ContextFrom<M> extends { removing: infer T } ? NonNullable<T> : unknown

/**
 * Where a page built on the list page flow (list-page.machine.ts) is: loaded (`ready`) or `failed`, and its removal
 * `confirming` (the dialog is open) or `removing`, of the item `removal`; `error` says why the last load or refresh
 * failed.
 */
export function useListPage<Item = unknown>(page: AnyActorRef) {
  return {
    removal: useSelector(page, (s) => (s.context.removing ?? null) as Item | null),
    error: useSelector(page, (s) => s.context.error as string | null),
    ready: useSelector(page, (s) => s.matches('ready') as boolean),
    failed: useSelector(page, (s) => s.matches('failed') as boolean),
    confirming: useSelector(page, (s) => s.matches({ ready: { removal: 'confirming' } }) as boolean),
    removing: useSelector(page, (s) => s.matches({ ready: { removal: 'removing' } }) as boolean),
  }
}

/** A list page's load: why it failed or could not refresh (with Try again), or the loading card until it `loaded`. */
export function ListLoad({
  ready,
  failed,
  error,
  loaded,
  onRetry,
}: {
  ready: boolean
  failed: boolean
  error: string | null
  loaded: boolean
  onRetry: () => void
}) {
  return (
    <>
      {(failed || (ready && error)) && (
        <RetryAlert onRetry={onRetry}>{ready ? `Could not refresh the list: ${error}` : error}</RetryAlert>
      )}
      {!loaded && !failed && <LoadingCard />}
    </>
  )
}

/**
 * Which record a page's create and edit dialog is open for (`item` null: a new one); null while it is closed. `saved`
 * is the dialog's onSaved: what it saved goes to `onSaved` (the page's flow), and nothing when nothing changed.
 */
export function useEditing<T>(onSaved: (item: T) => void = () => {}) {
  const [editing, setEditing] = useState<{ item: T | null } | null>(null)
  const open = useCallback((item: T | null) => setEditing({ item }), [])
  const close = useCallback(() => setEditing(null), [])
  // The dialog keeps the first `saved` it is given (its flow is made once): it calls the latest onSaved.
  const latest = useRef(onSaved)
  latest.current = onSaved
  const saved = useCallback((item: T | null) => {
    if (item) latest.current(item)
  }, [])
  return { editing, open, close, saved }
}

/**
 * A list page's flow, made once from the page's effects by `make` (a function of the module, not of the render), and
 * where it is (`useListPage`).
 */
export function useListFlow<M extends AnyStateMachine>(make: (fx: Effects) => M) {
  const fx = useEffects()
  const logic = useMemo(() => make(fx), [fx, make])
  const page = useActorRef(logic)
  return { page, ...useListPage<RemovalOf<M>>(page) }
}
