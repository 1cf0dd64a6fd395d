import { lazy, Suspense, useState } from 'react'

// The spec's confirmation dialog, loaded the first time a delete is asked for.
const ConfirmDialog = lazy(() =>
  import('../../components/confirm-dialog.tsx').then((m) => ({ default: m.ConfirmDialog })),
)

export function DeleteConfirm({
  open,
  loading,
  onConfirm,
  onCancel,
  description,
}: {
  open: boolean
  loading: boolean
  onConfirm: () => void
  onCancel: () => void
  /** What is lost, when the spec's default sentence does not say it. */
  description?: string
}) {
  const [wanted, setWanted] = useState(false)
  if (open && !wanted) setWanted(true)
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <ConfirmDialog
        open={open}
        loading={loading}
        onConfirm={onConfirm}
        onCancel={onCancel}
        description={description}
      />
    </Suspense>
  )
}
