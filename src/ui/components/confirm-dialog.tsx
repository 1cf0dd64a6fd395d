import { Dialog as ArkDialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import { css } from '../../../styled-system/css'
import { Button } from './button.tsx'
import * as Dialog from './dialog.tsx'

export interface ConfirmDialogProps {
  open: boolean
  onConfirm: () => void
  /** Called by the Cancel button, Escape and a click outside (never while `loading`). */
  onCancel: () => void
  /** While true the confirm button reads 'Processing...' and both buttons are disabled. */
  loading?: boolean
  title?: string
  description?: string
  confirmText?: string
  cancelText?: string
  /** The confirm button deletes or ends something for good: it reads so (red). */
  destructive?: boolean
}

/**
 * A controlled confirmation dialog (`role="alertdialog"`). Focus starts on Cancel, the safe choice; the focus trap,
 * Escape and focus return come from Ark's Dialog.
 */
export function ConfirmDialog({
  open,
  onConfirm,
  onCancel,
  loading = false,
  title = 'Are you sure?',
  description = 'Once deleted, you will not be able to recover this item!',
  confirmText = 'OK',
  cancelText = 'Cancel',
  destructive = false,
}: ConfirmDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onCancel()
      }}
      role="alertdialog"
      closeOnEscape={!loading}
      closeOnInteractOutside={!loading}
      // Often opened from a menu, whose closing hands focus back to its button: that is no reason to cancel.
      onFocusOutside={(e) => e.preventDefault()}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w="sm" aria-busy={loading}>
            <Dialog.Title>{title}</Dialog.Title>
            <Dialog.Description>{description}</Dialog.Description>
            <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '3', mt: '2' })}>
              {/* Ark's close trigger (unstyled): Ark focuses it first in an alertdialog and reports onOpenChange. */}
              <ArkDialog.CloseTrigger asChild>
                <Button variant="outline" disabled={loading}>
                  {cancelText}
                </Button>
              </ArkDialog.CloseTrigger>
              <Button variant={destructive ? 'danger' : 'solid'} onClick={onConfirm} disabled={loading}>
                {loading ? 'Processing...' : confirmText}
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
