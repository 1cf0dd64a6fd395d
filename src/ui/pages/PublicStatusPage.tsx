import { useParams } from 'react-router'
import { css } from '../../../styled-system/css'
import { FEATURES } from './features.ts'

/** /status/{status_id}: the public status page, built in the status-pages release. */
export function PublicStatusPage() {
  const { status_id } = useParams()
  return (
    <main className={css({ minH: '100vh', bg: 'canvas', display: 'grid', placeItems: 'center', p: '6' })}>
      <section className={css({ bg: 'surface', rounded: 'lg', shadow: 'sm', p: '8', maxW: '560px' })}>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold', mb: '2' })}>
          {FEATURES.publicStatus?.title}: {status_id}
        </h1>
        <p>{FEATURES.publicStatus?.summary}</p>
      </section>
    </main>
  )
}
