import { data, isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { css } from '../../../styled-system/css'
import { button } from '../../../styled-system/recipes/button'

/** Route errors: status and text, or 'Unexpected Application Error!', or 'Unknown Error'. */
export function ErrorPage() {
  const error = useRouteError()
  let heading: string
  let detail: string | undefined
  if (isRouteErrorResponse(error)) {
    heading = `${error.status} ${error.statusText}`.trim()
    detail = typeof error.data === 'string' ? error.data : undefined
  } else if (error instanceof Error) {
    heading = 'Unexpected Application Error!'
    detail = error.message
  } else {
    heading = 'Unknown Error'
  }
  return (
    <div className={css({ minH: '100vh', bg: 'canvas', display: 'grid', placeItems: 'center', p: '4' })}>
      <main
        className={css({
          w: 'full',
          maxW: '480px',
          bg: 'surface',
          rounded: 'xl',
          shadow: 'md',
          p: { base: '6', md: '8' },
          textAlign: 'center',
        })}
      >
        <p className={css({ fontWeight: 'bold', color: 'primary', fontSize: 'lg', mb: '4' })}>Vigil</p>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'bold', mb: '2' })}>{heading}</h1>
        {detail && <p className={css({ color: 'muted', mb: '6' })}>{detail}</p>}
        <Link to="/" className={button({ variant: 'solid' })}>
          Go to the home page
        </Link>
      </main>
    </div>
  )
}

/**
 * An unknown address: its loader throws a 404 response, which the router hands to the error page as a route
 * error response ("404 Not Found"). Thrown while rendering, it would read as an unknown error.
 */
export const notFoundLoader = (): never => {
  throw data('This page does not exist.', { status: 404, statusText: 'Not Found' })
}
