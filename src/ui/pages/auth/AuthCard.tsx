import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { css } from '../../../../styled-system/css'

/** The frame of the sign-in, sign-up and password pages. */
export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className={css({ minH: '100vh', bg: 'canvas', display: 'grid', placeItems: 'center', p: '4' })}>
      <main
        className={css({
          w: 'full',
          maxW: '420px',
          bg: 'surface',
          rounded: 'xl',
          shadow: 'md',
          p: { base: '6', md: '8' },
        })}
      >
        <Link to="/" className={css({ fontWeight: 'bold', color: 'primary', fontSize: 'lg' })}>
          Vigil
        </Link>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold', mt: '4', mb: '6' })}>{title}</h1>
        {children}
        {footer && <div className={css({ mt: '6', fontSize: 'sm', color: 'muted' })}>{footer}</div>}
      </main>
    </div>
  )
}

export const formStyle = css({ display: 'grid', gap: '4' })
export const linkStyle = css({ color: 'primary', fontWeight: 'medium', textDecoration: 'underline' })
export const alertStyle = css({
  bg: 'red.50',
  color: 'red.800',
  borderWidth: '1px',
  borderColor: 'red.200',
  rounded: 'md',
  px: '3',
  py: '2',
  fontSize: 'sm',
})
export const noticeStyle = css({
  bg: 'green.50',
  color: 'green.800',
  borderWidth: '1px',
  borderColor: 'green.200',
  rounded: 'md',
  px: '3',
  py: '2',
  fontSize: 'sm',
})
