import { useActorRef, useSelector } from '../app/actor-hooks.ts'
import { useEffect } from 'react'
import type { AnyStateMachine, InputFrom } from 'xstate'

/** What every save form's snapshot has, whatever else its flow keeps. */
const saveForm = (snapshot: unknown) =>
  snapshot as {
    context: { errors: Record<string, string>; message: string | null }
    matches: (state: string) => boolean
    status: string
  }

/**
 * A dialog's save form (save-form.machine.ts): the flow started with `input`, its messages and whether it is saving;
 * `onClose` is called once the flow is done (saved, or nothing to save).
 */
export function useSaveForm<M extends AnyStateMachine>(logic: M, input: InputFrom<M>, onClose?: () => void) {
  const form = useActorRef(logic, { input } as never)
  const errors = useSelector(form, (s) => saveForm(s).context.errors)
  const message = useSelector(form, (s) => saveForm(s).context.message)
  const submitting = useSelector(form, (s) => saveForm(s).matches('submitting'))
  const finished = useSelector(form, (s) => saveForm(s).status === 'done')
  useEffect(() => {
    if (finished) onClose?.()
  }, [finished, onClose])
  // `formView` is what the dialog's form shows of it: <DialogForm {...formView} />.
  return { form, errors, message, submitting, formView: { errors, message, submitting } }
}
