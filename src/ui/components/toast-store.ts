// The light front door of the toasts: pages call `showToast` from here, and the toast store and view
// (toaster.tsx, with Ark's toast machine) load with the first toast instead of with every page.

export type ToastType = 'info' | 'success' | 'warning' | 'error'

export const TOAST_DURATION = 2000

export interface ShowToastOptions {
  title: string
  description?: string
  /** Severity; 'info' by default. */
  type?: ToastType
  /** Milliseconds before it closes by itself; 2000 by default. */
  duration?: number
}

let firstToastShown = false
const firstToastListeners = new Set<() => void>()

/** Calls `listener` once a toast has been asked for (at once if one was); returns an unsubscribe. */
export function onFirstToast(listener: () => void): () => void {
  if (firstToastShown) listener()
  else firstToastListeners.add(listener)
  return () => firstToastListeners.delete(listener)
}

/** Shows a toast (info, 2000 ms unless told otherwise). */
export function showToast(options: ShowToastOptions): void {
  if (!firstToastShown) {
    firstToastShown = true
    for (const listener of firstToastListeners) listener()
    firstToastListeners.clear()
  }
  void import('./toaster.tsx').then((m) => m.showToast(options))
}
