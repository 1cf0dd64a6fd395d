import { useState } from 'react'
import type { ConfirmDialogProps } from '../../components/confirm-dialog.tsx'
import { lazyPart } from '../lazy-part.tsx'

// The spec's confirmation dialog, loaded the first time a delete is asked for (and kept, so it can close).
const LazyConfirmDialog = lazyPart(() => import('../../components/confirm-dialog.tsx').then((m) => m.ConfirmDialog))

export function DeleteConfirm(props: ConfirmDialogProps) {
  const [wanted, setWanted] = useState(false)
  if (props.open && !wanted) setWanted(true)
  return wanted ? <LazyConfirmDialog {...props} /> : null
}
