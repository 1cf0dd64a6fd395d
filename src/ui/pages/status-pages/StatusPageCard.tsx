import { ExternalLink, Megaphone, Pencil } from 'lucide-react'
import { Link } from 'react-router'
import { css } from '../../../../styled-system/css'
import { button } from '../../../../styled-system/recipes/button'
import type { StatusPage } from '@vigil/domain/status-page.schema'
import { statusPagePath } from '@vigil/domain/status-page-manage'
import { Chip } from '../../components/badge.tsx'
import * as Card from '../../components/card.tsx'
import { CardAction, RemoveButton } from '../PageParts.tsx'

export interface StatusPageCardProps {
  page: StatusPage
  onEdit: () => void
  onDelete: () => void
}

const srOnly = css({ srOnly: true })

/** The public address of a page as visitors type it: this site's origin and `/status/{slug}`. */
export const publicAddress = (slug: string) => `${window.location.origin}${statusPagePath(slug)}`

/** A link to a page's public address, in a new tab. */
export function PublicLink({ slug }: { slug: string }) {
  return (
    <a
      href={statusPagePath(slug)}
      target="_blank"
      rel="noopener noreferrer"
      className={css({
        display: 'inline-flex',
        alignItems: 'center',
        gap: '1',
        color: 'primary',
        fontWeight: 'medium',
        textDecoration: 'underline',
        textUnderlineOffset: '2px',
        overflowWrap: 'anywhere',
      })}
    >
      {publicAddress(slug)}
      <ExternalLink aria-hidden="true" size={14} className={css({ flexShrink: '0' })} />
      <span className={srOnly}> (opens in a new tab)</span>
    </a>
  )
}

/** Published or a draft, in words (colour is never the only sign). */
export function PublishedChip({ published }: { published: boolean }) {
  return <Chip tone={published ? 'success' : 'neutral'}>{published ? 'Published' : 'Draft'}</Chip>
}

/** One status page: its name, public address, whether visitors can see it, and what can be done with it. */
export function StatusPageCard({ page, onEdit, onDelete }: StatusPageCardProps) {
  const titleId = `status-page-${page.id}`
  const count = page.components.length
  return (
    <Card.Root as="li" size="sm" aria-labelledby={titleId}>
      <Card.Header>
        <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
          <Card.Title id={titleId}>{page.name}</Card.Title>
          <PublishedChip published={page.published} />
        </div>
        <p className={css({ fontSize: 'sm' })}>
          <PublicLink slug={page.slug} />
        </p>
        <Card.Description>
          {count === 1 ? '1 component' : `${count} components`}
          {!page.published &&
            (page.unpublished_by_plan
              ? ' · unpublished by a plan change: your plan allows fewer published pages (upgrade to publish it again)'
              : ' · visitors see it once you publish it')}
        </Card.Description>
      </Card.Header>
      <Card.Footer>
        {/* Each label starts with the words on the button and names the page. */}
        <Link
          to={`/status_page?id=${encodeURIComponent(page.id)}`}
          className={button({ variant: 'outline', size: 'sm' })}
          aria-label={`Incidents and maintenance of ${page.name}`}
        >
          <Megaphone aria-hidden="true" /> Incidents and maintenance
        </Link>
        <CardAction label={`Edit ${page.name}`} icon={Pencil} onClick={onEdit}>
          Edit
        </CardAction>
        <RemoveButton label={`Delete ${page.name}`} onClick={onDelete}>
          Delete
        </RemoveButton>
      </Card.Footer>
    </Card.Root>
  )
}
