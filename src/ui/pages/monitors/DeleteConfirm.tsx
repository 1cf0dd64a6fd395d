import { useState } from 'react'
import type { ConfirmDialogProps } from '../../components/confirm-dialog.tsx'
import { lazyPart } from '../lazy-part.tsx'

// The spec's confirmation dialog, loaded the first time a delete is asked for (and kept, so it can close).
const LazyConfirmDialog = lazyPart(() => import('../../components/confirm-dialog.tsx').then((m) => m.ConfirmDialog))

/** What a delete confirmation deletes: its kind in words ('monitor', 'status page') and its name. */
export interface Deleted {
  kind: string
  name: string
  /** What the action is called on the page, when not 'Delete' ('Remove' an alert channel). */
  verb?: string
}

export interface DeleteConfirmProps extends ConfirmDialogProps {
  /** Named in the title and on the button; null while nothing is asked (the last one stays while it closes). */
  deleted: Deleted | null
}

/** The question of a delete: `Delete the monitor “Shop”?`. */
export const deleteTitle = ({ kind, name, verb = 'Delete' }: Deleted) => `${verb} the ${kind} “${name}”?`

/**
 * The confirmation before a delete: it names what goes (title and button: `Delete monitor`) and its button reads as
 * destructive. The spec's description ('Once deleted, you will not be able to recover this item!') stays unless a
 * page says more; a page may still give its own title or button text.
 */
export function DeleteConfirm({ deleted, title, confirmText, ...props }: DeleteConfirmProps) {
  const [wanted, setWanted] = useState(false)
  const [last, setLast] = useState(deleted)
  if (props.open && !wanted) setWanted(true)
  if (deleted && deleteTitle(deleted) !== (last && deleteTitle(last))) setLast(deleted)
  const named = deleted ?? last
  if (!wanted) return null
  return (
    <LazyConfirmDialog
      title={title ?? (named ? deleteTitle(named) : undefined)}
      confirmText={confirmText ?? (named ? `${named.verb ?? 'Delete'} ${named.kind}` : 'Delete')}
      destructive
      {...props}
    />
  )
}
