import { formatDateTime } from '@vigil/domain/date-format'
import { INCIDENT_STATUS_LABELS, type IncidentStatus } from '@vigil/domain/status-page.schema'
import { css, cx } from '../../../../styled-system/css'

// A posted incident as the public page shows it (src/server/status/render-page.ts and its style in page-assets.ts):
// a card ruled red for a major incident and amber for a minor one, its title with the impact's tag, when it started
// (or was resolved) and what it affects, then its update with the message rendered by the server's own renderer.

const card = css({
  bg: 'surface',
  borderWidth: '1px',
  borderColor: 'border',
  borderLeftWidth: '4px',
  rounded: 'lg',
  p: '4',
  color: 'gray.900',
  lineHeight: '1.5',
  overflowWrap: 'anywhere',
})
const ruled = { major: css({ borderLeftColor: 'red.600' }), minor: css({ borderLeftColor: 'amber.500' }) }
const tag = {
  major: css({ bg: 'red.100', color: 'red.800' }),
  minor: css({ bg: 'amber.100', color: 'amber.800' }),
}
const meta = css({ color: 'muted', fontSize: 'sm' })
// What the server's Markdown renderer makes: paragraphs, emphasis, links and lists.
const rendered = css({
  '& p': { my: '0.5' },
  '& a': { color: 'navy.500', textDecoration: 'underline' },
  '& ul, & ol': { pl: '5', my: '1' },
  '& ul': { listStyle: 'disc' },
  '& ol': { listStyle: 'decimal' },
  '& code': { fontFamily: 'mono', fontSize: 'sm' },
})

export interface IncidentPreviewProps {
  title: string
  impact: 'major' | 'minor'
  status: IncidentStatus
  /** When it started, and when it was resolved (null while open): ISO 8601. */
  startedAt: string
  resolvedAt: string | null
  /** The public names of the components it affects. */
  components: readonly string[]
  /** The update's time: when it would be posted. */
  postedAt: string
  /** The message as safe HTML from the server's renderer (the one the public page uses). */
  messageHtml: string
}

export function IncidentPreview({
  title,
  impact,
  status,
  startedAt,
  resolvedAt,
  components,
  postedAt,
  messageHtml,
}: IncidentPreviewProps) {
  return (
    <article className={cx(card, ruled[impact])} data-testid="incident-preview" data-impact={impact}>
      <h4 className={css({ fontWeight: 'semibold', color: 'navy.800', mb: '1' })}>
        {title}
        <span
          className={cx(
            css({
              display: 'inline-block',
              fontSize: 'xs',
              fontWeight: 'semibold',
              rounded: 'full',
              px: '2',
              ml: '1.5',
              verticalAlign: 'middle',
            }),
            tag[impact],
          )}
        >
          {impact === 'major' ? 'Major' : 'Minor'}
        </span>
      </h4>
      <p className={meta}>
        {resolvedAt ? 'Resolved ' : 'Started '}
        <time dateTime={resolvedAt ?? startedAt}>{formatDateTime(resolvedAt ?? startedAt)}</time>
        {components.length > 0 && ` · Affects ${components.join(', ')}`}
      </p>
      <div className={css({ mt: '2', pt: '2', borderTopWidth: '1px', borderColor: 'border' })}>
        <p>
          <strong>{INCIDENT_STATUS_LABELS[status]}</strong>{' '}
          <time dateTime={postedAt} className={meta}>
            {formatDateTime(postedAt)}
          </time>
        </p>
        <div
          className={rendered}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's Markdown renderer made it (raw HTML escaped, links checked), as it does for the public page
          dangerouslySetInnerHTML={{ __html: messageHtml }}
        />
      </div>
    </article>
  )
}
