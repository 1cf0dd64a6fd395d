import { type ComponentProps, type Ref, useCallback, useEffect, useRef } from 'react'

/** The controls a form marks invalid (Ark's Field sets `aria-invalid` on its input, select or textarea). */
const INVALID = ['input', 'select', 'textarea', 'button', '[tabindex]']
  .map((tag) => `${tag}[aria-invalid="true"]:not(:disabled)`)
  .join(', ')

/** Focuses the form's first invalid control, in document order; false when it has none. */
export const focusFirstInvalid = (form: HTMLFormElement): boolean => {
  const first = form.querySelector<HTMLElement>(INVALID)
  first?.focus()
  return first !== null
}

/** A form's messages on top (the server's refusal that no field shows). */
const ALERTS = '[role="alert"]'

/**
 * Focuses a message on top that came after the submit (one not among `before`), so that it is scrolled to and read
 * when no field is marked; false when none came.
 */
const focusNewAlert = (form: HTMLFormElement, before: ReadonlySet<Element>): boolean => {
  const fresh = [...form.querySelectorAll<HTMLElement>(ALERTS)].find((alert) => !before.has(alert))
  if (!fresh) return false
  if (!fresh.hasAttribute('tabindex')) fresh.tabIndex = -1
  fresh.focus()
  return true
}

/**
 * Where a form's values go: on submit (`form.submit`) and as they change (`form.change`), the two events of the
 * form flows, so a field's message clears as soon as its value is valid after a refused submit.
 */
export type OnFormValues = (values: Record<string, string>, type: 'form.submit' | 'form.change') => void

export type FormProps = ComponentProps<'form'> & { ref?: Ref<HTMLFormElement> }

/**
 * The app's `<form>`. The browser's own validation is off (the domain's schemas check, and every field shows its
 * own message), and a submit that ends with fields marked invalid moves the focus to the first of them: at once when
 * the form's flow refuses it, or when the server's answer marks them. A refusal that marks no field but puts a
 * message on top (a provider that could not be reached) moves the focus to that message instead, which a long form
 * scrolled to its buttons would otherwise keep out of sight. Typing in the form drops that wait, so a later change
 * never pulls the focus away.
 */
export function Form({ onSubmit, onInput, ref, noValidate = true, ...props }: FormProps) {
  const form = useRef<HTMLFormElement | null>(null)
  const waiting = useRef(false)
  // The messages on top when the submit was made: only one that comes after it is the submit's answer.
  const alertsBefore = useRef<ReadonlySet<Element>>(new Set())
  const settle = useCallback(() => {
    const el = form.current
    if (!waiting.current || !el) return
    if (focusFirstInvalid(el) || focusNewAlert(el, alertsBefore.current)) waiting.current = false
  }, [])

  // The fields a submit marks appear after the flow's answer has rendered: watch for them while waiting.
  useEffect(() => {
    const el = form.current
    if (!el || typeof MutationObserver === 'undefined') return
    const observer = new MutationObserver(settle)
    observer.observe(el, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-invalid'] })
    return () => observer.disconnect()
  }, [settle])

  const setRef = useCallback(
    (el: HTMLFormElement | null) => {
      form.current = el
      if (typeof ref === 'function') ref(el)
      else if (ref) ref.current = el
    },
    [ref],
  )

  return (
    <form
      ref={setRef}
      noValidate={noValidate}
      onSubmit={(e) => {
        waiting.current = true
        alertsBefore.current = new Set(e.currentTarget.querySelectorAll(ALERTS))
        onSubmit?.(e)
        // Sent again with the same fields still invalid, nothing changes in the page: look once it has rendered.
        setTimeout(settle, 0)
      }}
      onInput={(e) => {
        waiting.current = false
        onInput?.(e)
      }}
      {...props}
    />
  )
}
