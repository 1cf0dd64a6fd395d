import type { BulkAction, Tag, TagRef } from '@vigil/domain/tags'
import { Pause, Play, Tag as TagIcon, Trash2, X } from 'lucide-react'
import { css } from '../../../../../styled-system/css'
import { Button } from '../../../components/button.tsx'
import * as Menu from '../../../components/menu.tsx'
import { plural } from '../format.ts'
import { TagChip } from './TagChips.tsx'

// What can be done to the selected rows at once: pause, resume, add or remove a tag, delete (after a confirmation).

/** The two menus that put a tag on the selected monitors or take it off. */
const TAG_ACTIONS = [
  { action: 'tag', label: 'Add tag' },
  { action: 'untag', label: 'Remove tag' },
] as const

const toolbar = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '2',
  p: '2',
  bg: 'navy.50',
  rounded: 'md',
})

function TagMenu({
  label,
  tags,
  disabled,
  onPick,
  onManage,
}: {
  label: string
  tags: readonly Tag[]
  disabled: boolean
  onPick: (tag: TagRef) => void
  onManage: () => void
}) {
  return (
    <Menu.Root
      onSelect={({ value }) => {
        if (value === '__manage') return onManage()
        const tag = tags.find((t) => t.id === value)
        if (tag) onPick({ id: tag.id, name: tag.name, color: tag.color })
      }}
    >
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline" disabled={disabled}>
          <TagIcon aria-hidden="true" /> {label}
        </Button>
      </Menu.Trigger>
      <Menu.Positioner>
        <Menu.Content>
          {tags.map((t) => (
            <Menu.Item key={t.id} value={t.id}>
              <TagChip tag={t} />
            </Menu.Item>
          ))}
          {tags.length > 0 && <Menu.Separator />}
          <Menu.Item value="__manage">{tags.length === 0 ? 'Create a tag…' : 'Manage tags…'}</Menu.Item>
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  )
}

export function BulkBar({
  count,
  tags,
  busy,
  onAction,
  onClear,
  onManageTags,
}: {
  count: number
  tags: readonly Tag[]
  busy: boolean
  onAction: (action: BulkAction, tag?: TagRef) => void
  onClear: () => void
  onManageTags: () => void
}) {
  return (
    <div role="toolbar" aria-label="Selected monitors" className={toolbar}>
      <strong className={css({ fontSize: 'sm', mr: '2' })} aria-live="polite">
        {plural(count, 'monitor', 'monitors')} selected
      </strong>
      <Button size="sm" variant="outline" disabled={busy} onClick={() => onAction('pause')}>
        <Pause aria-hidden="true" /> Pause
      </Button>
      <Button size="sm" variant="outline" disabled={busy} onClick={() => onAction('resume')}>
        <Play aria-hidden="true" /> Resume
      </Button>
      {TAG_ACTIONS.map(({ action, label }) => (
        <TagMenu
          key={action}
          label={label}
          tags={tags}
          disabled={busy}
          onPick={(tag) => onAction(action, tag)}
          onManage={onManageTags}
        />
      ))}
      <Button size="sm" variant="danger" disabled={busy} onClick={() => onAction('delete')}>
        <Trash2 aria-hidden="true" /> Delete
      </Button>
      <Button size="sm" variant="ghost" disabled={busy} onClick={onClear}>
        <X aria-hidden="true" /> Clear selection
      </Button>
    </div>
  )
}
