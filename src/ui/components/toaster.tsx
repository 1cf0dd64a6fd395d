import { Toaster as ArkToaster, createToaster, Toast } from '@ark-ui/react/toast'
import { CircleCheck, CircleX, Info, TriangleExclamationPoint, X } from 'lucide-react'
import { useEffect } from 'react'
import { createStyleContext } from '../../../styled-system/jsx'
import { toast as toastRecipe } from '../../../styled-system/recipes/toast'
import { type ShowToastOptions, TOAST_DURATION, type ToastType } from './toast-store.ts'

export { type ShowToastOptions, TOAST_DURATION, type ToastType } from './toast-store.ts'

/** The app's one toaster (top centre); `toaster.dismiss(id)` closes one. */
export const toaster = createToaster({ placement: 'top', duration: TOAST_DURATION, gap: 12, max: 5 })

/** Shows a toast now and returns its id (the app calls `showToast` of toast-store.ts, which loads this file). */
export function showToast({ title, description, type = 'info', duration = TOAST_DURATION }: ShowToastOptions): string {
  return toaster.create({ title, description, type, duration })
}

const { withProvider, withContext } = createStyleContext(toastRecipe)

const Root = withProvider(Toast.Root, 'root')
const Title = withContext(Toast.Title, 'title')
const Description = withContext(Toast.Description, 'description')
const CloseTrigger = withContext(Toast.CloseTrigger, 'closeTrigger')
const Icon = withContext('span', 'icon')
const Body = withContext('div', 'body')

const icons = { info: Info, success: CircleCheck, warning: TriangleExclamationPoint, error: CircleX }

const iconOf = (type: string | undefined) => icons[type as ToastType] ?? Info

/**
 * Renders the toasts; mount it once near the root of the app. Toasts close after their duration (paused while the
 * pointer is over them or focus is inside them), on their close button, and on Escape while a toast has focus
 * (Ark's own handling; Alt+T moves focus to the toast region).
 */
export function Toaster() {
  // Escape closes the toasts wherever focus is, unless a dialog is open: there Escape
  // belongs to the dialog. Ark alone handles Escape only while focus is inside a toast.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return
      toaster.dismiss()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])
  return (
    <ArkToaster toaster={toaster}>
      {(toast) => {
        const TypeIcon = iconOf(toast.type)
        return (
          <Root key={toast.id}>
            <Icon data-toast-icon="">
              <TypeIcon aria-hidden="true" />
            </Icon>
            <Body>
              {toast.title ? <Title>{toast.title}</Title> : null}
              {toast.description ? <Description>{toast.description}</Description> : null}
            </Body>
            <CloseTrigger aria-label="Close">
              <X aria-hidden="true" />
            </CloseTrigger>
          </Root>
        )
      }}
    </ArkToaster>
  )
}
