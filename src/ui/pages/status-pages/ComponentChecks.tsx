import { css } from '../../../../styled-system/css'
import type { StatusPage } from '@vigil/domain/status-page.schema'
import { Choice } from '../../components/choice.tsx'

/** Ticks for some of a page's components (an incident's affected ones, a window's), by component id. */
export function ComponentChecks({
  legend,
  helper,
  page,
  value,
  onChange,
  error,
}: {
  legend: string
  helper: string
  page: StatusPage
  value: string[]
  onChange: (ids: string[]) => void
  error?: string
}) {
  return (
    <fieldset className={css({ border: 'none', p: '0', m: '0', minW: '0', display: 'grid', gap: '2' })}>
      <legend className={css({ fontSize: 'sm', fontWeight: 'medium', color: 'gray.800', mb: '1' })}>{legend}</legend>
      <p className={css({ fontSize: 'xs', color: 'muted' })}>{helper}</p>
      {page.components.length === 0 ? (
        <p className={css({ fontSize: 'sm', color: 'muted' })}>This page has no components yet.</p>
      ) : (
        <div className={css({ display: 'grid', gap: '1', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)' } })}>
          {page.components.map((c) => (
            <Choice
              key={c.id}
              type="checkbox"
              checked={value.includes(c.id)}
              onChange={(e) => onChange(e.target.checked ? [...value, c.id] : value.filter((id) => id !== c.id))}
            >
              <span className={css({ overflowWrap: 'anywhere' })}>{c.display_name}</span>
            </Choice>
          ))}
        </div>
      )}
      {error && <p className={css({ fontSize: 'xs', color: 'red.700' })}>{error}</p>}
    </fieldset>
  )
}
