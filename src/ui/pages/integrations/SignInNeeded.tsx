import { LogIn } from 'lucide-react'
import { Link } from 'react-router'
import { css } from '../../../../styled-system/css'
import { button } from '../../../../styled-system/recipes/button'
import { card } from '../page-styles.ts'

/** What the integration pages show when the API says the visitor is not signed in (they have no session guard). */
export function SignInNeeded({ heading: Heading = 'h2' }: { heading?: 'h1' | 'h2' }) {
  return (
    <section className={card} aria-labelledby="sign-in-title">
      <Heading id="sign-in-title" className={css({ fontSize: 'xl', fontWeight: 'semibold', mb: '2' })}>
        Sign in to manage your integrations
      </Heading>
      <p className={css({ mb: '4' })}>
        Your alert channels belong to your account. Sign in to add, test or change them; your session may have ended.
      </p>
      <Link to="/login" className={button({ variant: 'solid' })}>
        <LogIn aria-hidden="true" /> Sign in
      </Link>
    </section>
  )
}
