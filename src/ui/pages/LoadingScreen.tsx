import { css } from '../../../styled-system/css'

/** The loading fallback of spec section 2. */
export function LoadingScreen() {
  return (
    <div role="status" aria-live="polite" className={css({ p: '8', color: 'muted' })}>
      Loading...
    </div>
  )
}
