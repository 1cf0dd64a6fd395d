import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { css } from '../../../styled-system/css'

/** Route errors (spec section 2): status and text, or 'Unexpected Application Error!', or 'Unknown Error'. */
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
    <main className={css({ minH: '60vh', display: 'grid', placeItems: 'center', p: '8', textAlign: 'center' })}>
      <div>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'bold', mb: '2' })}>{heading}</h1>
        {detail && <p className={css({ color: 'muted', mb: '4' })}>{detail}</p>}
        <Link to="/" className={css({ color: 'primary', textDecoration: 'underline' })}>
          Go to the home page
        </Link>
      </div>
    </main>
  )
}

/** An unknown address: the error page with 404. */
export function NotFoundPage(): never {
  throw new Response('This page does not exist.', { status: 404, statusText: 'Not Found' })
}
