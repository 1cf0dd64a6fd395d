import { css } from '../../../styled-system/css'

/** The loading fallback while a route's page loads. */
export function LoadingScreen() {
  return (
    <div role="status" aria-live="polite" className={css({ p: '8', color: 'muted' })}>
      Loading...
    </div>
  )
}
