import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { css } from '../../../../styled-system/css'
import * as Card from '../../components/card.tsx'
import * as PageHeader from '../../components/page-header.tsx'

/** The frame of the sign-in, sign-up and password pages. */
export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className={css({ minH: '100vh', bg: 'canvas', display: 'grid', placeItems: 'center', p: '4' })}>
      <Card.Root as="main" w="full" maxW="420px" rounded="xl" shadow="md" p={{ base: '6', md: '8' }} gap="6">
        <div>
          <Link to="/" className={css({ fontWeight: 'bold', color: 'primary', fontSize: 'lg' })}>
            Vigil
          </Link>
          <PageHeader.Root mt="4">
            <PageHeader.Title>{title}</PageHeader.Title>
          </PageHeader.Root>
        </div>
        {children}
        {footer && <div className={css({ fontSize: 'sm', color: 'muted' })}>{footer}</div>}
      </Card.Root>
    </div>
  )
}

export const formStyle = css({ display: 'grid', gap: '4' })
export const linkStyle = css({ color: 'primary', fontWeight: 'medium', textDecoration: 'underline' })
