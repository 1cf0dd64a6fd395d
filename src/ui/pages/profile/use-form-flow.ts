import { useActorRef, useSelector } from '../../app/actor-hooks.ts'
import { useMemo, useRef } from 'react'
import { formLogic } from '../../../adapters/flows.actors.ts'
import type { FormSchema } from '@vigil/domain/form-validation'

/** One form of a page: checked by `schema`, sent by `submit`; `done` gets the answer. */
export function useFormFlow<T>(submit: (values: any) => Promise<T>, schema: FormSchema, done: (output: T) => void) {
  // The flow is made once; `done` may change with each render, so the latest is called.
  const latest = useRef(done)
  latest.current = done
  const logic = useMemo(() => formLogic(submit, (output: T) => latest.current(output)), [submit])
  const form = useActorRef(logic, { input: { schema } })
  return {
    /** The form's values, submitted (the default) or changed. */
    send: (values: Record<string, unknown>, type: 'form.submit' | 'form.change' = 'form.submit') =>
      form.send({ type, values }),
    errors: useSelector(form, (s) => s.context.errors),
    message: useSelector(form, (s) => s.context.message),
    submitting: useSelector(form, (s) => s.matches('submitting')),
  }
}

/** What a page's form reads of its flow, whatever it answers. */
export type FormFlow = ReturnType<typeof useFormFlow<unknown>>
