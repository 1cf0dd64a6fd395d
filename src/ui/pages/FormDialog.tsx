import { Portal } from '@ark-ui/react/portal'
import { topMessage } from '@vigil/domain/form-validation'
import { X } from 'lucide-react'
import type { ReactNode } from 'react'
import { css } from '../../../styled-system/css'
import { Button } from '../components/button.tsx'
import * as Dialog from '../components/dialog.tsx'
import { Form } from '../components/form.tsx'
import { FormMessages } from './FormMessages.tsx'

/** What a create or edit dialog tells its page: the record as the server stored it (null when nothing changed), and
 * that it is done (saved, or given up). */
export interface SaveDialogProps<T> {
  onSaved: (saved: T | null) => void
  onClose: () => void
}

/**
 * The dialog around a form: its title and close button. A click outside does not close it (a half-typed form is
 * not lost to a stray click), and while `busy` nothing closes it.
 */
export function DialogFrame({
  title,
  busy,
  wide = false,
  onClose,
  children,
}: {
  title: string
  busy: boolean
  /** A form of many fields: a wider dialog. */
  wide?: boolean
  onClose: () => void
  children: ReactNode
}) {
  return (
    <Dialog.Root
      open
      onOpenChange={(d) => !d.open && !busy && onClose()}
      closeOnInteractOutside={false}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w={wide ? '2xl' : 'xl'} aria-busy={busy}>
            <Dialog.Title>{title}</Dialog.Title>
            <Dialog.CloseTrigger asChild>
              <Button variant="ghost" size="icon" aria-label="Close" disabled={busy}>
                <X aria-hidden="true" />
              </Button>
            </Dialog.CloseTrigger>
            {children}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

export interface DialogFormProps {
  submitting: boolean
  message: string | null
  errors: Record<string, string>
  /** Labels of fields by name, for the messages listed on top. */
  labels: Record<string, string>
  /** Whether the form has an input for a field (which shows its message); default: the field has a label. */
  shows?: (field: string) => boolean
  submitLabel: string
  /** The submit button's words while the form is sent; 'Saving...' unless told. */
  busyLabel?: string
  onSubmit: () => void
  onClose: () => void
  /** A form of many fields: more space between them. */
  wide?: boolean
  children: ReactNode
}

/**
 * A form in a dialog: the server's message and the messages of fields the form has no input for on top, the fields,
 * and Cancel and the submit button.
 */
export function DialogForm({
  submitting,
  message,
  errors,
  labels,
  shows = (field) => field in labels,
  submitLabel,
  busyLabel = 'Saving...',
  onSubmit,
  onClose,
  wide = false,
  children,
}: DialogFormProps) {
  const elsewhere = Object.entries(errors).filter(([k]) => !shows(k.split('.')[0] ?? k))
  // The server's message, unless a field shows it already.
  const top = topMessage(message, errors)
  return (
    <Form
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
          {submitting ? busyLabel : submitLabel}
        </Button>
      </div>
    </Form>
  )
}

/** A form in its dialog: the frame of the monitor, channel and status page forms. */
export function FormDialog({ title, ...form }: DialogFormProps & { title: string }) {
  return (
    <DialogFrame title={title} busy={form.submitting} wide={form.wide} onClose={form.onClose}>
      <DialogForm {...form} />
    </DialogFrame>
  )
}
