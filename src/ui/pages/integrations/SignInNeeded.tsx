import { LogIn } from 'lucide-react'
import { Link } from 'react-router'
import { button } from '../../../../styled-system/recipes/button'
import * as Card from '../../components/card.tsx'

/** What the integration pages show when the API says the visitor is not signed in (they have no session guard). */
export function SignInNeeded({ heading = 'h2' }: { heading?: 'h1' | 'h2' }) {
  return (
    <Card.Root as="section" aria-labelledby="sign-in-title">
      <Card.Title as={heading} id="sign-in-title" fontSize="xl">
        Sign in to manage your integrations
      </Card.Title>
      <p>
        Your alert channels belong to your account. Sign in to add, test or change them; your session may have ended.
      </p>
      <Card.Footer>
        <Link to="/login" className={button({ variant: 'solid' })}>
          <LogIn aria-hidden="true" /> Sign in
        </Link>
      </Card.Footer>
    </Card.Root>
  )
}
