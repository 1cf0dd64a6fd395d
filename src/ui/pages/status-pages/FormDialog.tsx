import { Portal } from '@ark-ui/react/portal'
import { X } from 'lucide-react'
import type { ReactNode } from 'react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../components/button.tsx'
import * as Dialog from '../../components/dialog.tsx'
import { FormMessages } from '../FormMessages.tsx'

/**
 * The frame of the status pages' forms (a page, an incident, an update, a maintenance window): the title, the
 * server's message and the messages of fields the form has no input for on top, the fields, and the buttons.
 */
export function FormDialog({
  title,
  submitting,
  message,
  errors,
  labels,
  submitLabel,
  onSubmit,
  onClose,
  wide = false,
  children,
}: {
  title: string
  submitting: boolean
  message: string | null
  errors: Record<string, string>
  /** The form's fields by name, with their labels; other fields' messages are listed on top. */
  labels: Record<string, string>
  submitLabel: string
  onSubmit: () => void
  onClose: () => void
  /** The page form's many fields: a wider dialog, more space between them. */
  wide?: boolean
  children: ReactNode
}) {
  const elsewhere = Object.entries(errors).filter(([k]) => !((k.split('.')[0] ?? k) in labels))
  // The server's message, unless a field shows it already.
  const top = message && !Object.values(errors).includes(message) ? message : null
  return (
    <Dialog.Root
      open
      onOpenChange={(d) => !d.open && !submitting && onClose()}
      closeOnInteractOutside={false}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w={wide ? '2xl' : 'xl'} aria-busy={submitting}>
            <Dialog.Title>{title}</Dialog.Title>
            <Dialog.CloseTrigger asChild>
              <Button variant="ghost" size="icon" aria-label="Close" disabled={submitting}>
                <X aria-hidden="true" />
              </Button>
            </Dialog.CloseTrigger>
            <form
              noValidate
              className={css({ display: 'grid', gap: wide ? '5' : '4' })}
              onSubmit={(e) => {
                e.preventDefault()
                onSubmit()
              }}
            >
              <FormMessages message={top} elsewhere={elsewhere} labels={labels} />
              {children}
              <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '3', flexWrap: 'wrap' })}>
                <Button variant="outline" onClick={onClose} disabled={submitting}>
                  Cancel
                </Button>
                <Button type="submit" disabled={submitting}>
                  {submitting ? 'Saving...' : submitLabel}
                </Button>
              </div>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
