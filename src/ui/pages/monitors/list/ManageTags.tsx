import { Portal } from '@ark-ui/react/portal'
import { useActorRef, useSelector } from '../../../app/actor-hooks.ts'
import { Plus, Save, Trash2, X } from 'lucide-react'
import { useMemo, useState } from 'react'
import { css } from '../../../../../styled-system/css'
import { tagsLogic } from '../../../../adapters/monitor-list.actors.ts'
import { monitorListApi } from '../../../../adapters/monitor-list-api.ts'
import { TAG_COLORS, type Tag, type TagColor } from '@vigil/domain/tags'
import * as Alert from '../../../components/alert.tsx'
import { Button } from '../../../components/button.tsx'
import * as Dialog from '../../../components/dialog.tsx'
import * as Field from '../../../components/field.tsx'
import { ErrorAlert } from '../../ErrorAlert.tsx'
import { plural } from '../format.ts'
import { TagChip } from './TagChips.tsx'

// "Manage tags", from the monitor list: create a tag with its colour, rename or recolour one, delete one (its monitors
// lose it; they stay).

const row = css({
  display: 'grid',
  gap: '2',
  alignItems: 'end',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'minmax(0, 2fr) minmax(0, 1fr) auto auto' },
})

const colourLabel = (c: TagColor) => `${c.charAt(0).toUpperCase()}${c.slice(1)}`

function ColourSelect({ value, onChange }: { value: TagColor; onChange: (c: TagColor) => void }) {
  return (
    <Field.Root>
      <Field.Label>Colour</Field.Label>
      <Field.Select value={value} onChange={(e) => onChange(e.target.value as TagColor)}>
        {TAG_COLORS.map((c) => (
          <option key={c} value={c}>
            {colourLabel(c)}
          </option>
        ))}
      </Field.Select>
    </Field.Root>
  )
}

function TagRow({
  tag,
  busy,
  onSave,
  onDelete,
}: {
  tag: Tag
  busy: boolean
  onSave: (name: string, color: TagColor) => void
  onDelete: () => void
}) {
  const [name, setName] = useState(tag.name)
  const [color, setColor] = useState<TagColor>(tag.color)
  const [asking, setAsking] = useState(false)
  const changed = name.trim() !== tag.name || color !== tag.color
  return (
    <li className={css({ display: 'grid', gap: '1', py: '2', borderTopWidth: '1px', borderColor: 'gray.100' })}>
      <div className={css({ display: 'flex', gap: '2', alignItems: 'center', fontSize: 'sm' })}>
        <TagChip tag={{ name: tag.name, color: tag.color }} />
        <span className={css({ color: 'muted' })}>{plural(tag.monitor_count, 'monitor', 'monitors')}</span>
      </div>
      <div className={row}>
        <Field.Root>
          <Field.Label>Name</Field.Label>
          <Field.Input value={name} maxLength={30} onChange={(e) => setName(e.target.value)} />
        </Field.Root>
        <ColourSelect value={color} onChange={setColor} />
        <Button
          size="sm"
          variant="outline"
          disabled={busy || !changed}
          onClick={() => onSave(name, color)}
          aria-label={`Save tag ${tag.name}`}
        >
          <Save aria-hidden="true" /> Save
        </Button>
        {asking ? (
          <Button size="sm" variant="danger" disabled={busy} onClick={onDelete}>
            <Trash2 aria-hidden="true" /> Delete “{tag.name}”
          </Button>
        ) : (
          <Button
            size="sm"
            variant="ghost"
            disabled={busy}
            onClick={() => setAsking(true)}
            aria-label={`Delete tag ${tag.name}`}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        )}
      </div>
    </li>
  )
}

export function ManageTagsDialog({ onClose }: { onClose: () => void }) {
  const logic = useMemo(() => tagsLogic(monitorListApi), [])
  const flow = useActorRef(logic)
  const tags = useSelector(flow, (s) => s.context.tags)
  const error = useSelector(flow, (s) => (s.matches('failed') ? s.context.error : null))
  const refusal = useSelector(flow, (s) => s.context.refusal)
  const busy = useSelector(flow, (s) => s.matches('saving'))
  const [name, setName] = useState('')
  const [color, setColor] = useState<TagColor>('blue')

  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && onClose()} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w="lg" maxH="90vh" overflowY="auto">
            <Dialog.Title>Manage tags</Dialog.Title>
            <Dialog.Description>Tags group monitors across types; filter the list by them.</Dialog.Description>
            <ErrorAlert message={refusal?.message} />
            {error && (
              <Alert.Root role="alert">
                <Alert.Description>{error}</Alert.Description>
                <Button size="sm" variant="outline" onClick={() => flow.send({ type: 'tags.retry' })}>
                  Try again
                </Button>
              </Alert.Root>
            )}
            <form
              aria-label="New tag"
              className={row}
              onSubmit={(e) => {
                e.preventDefault()
                if (!name.trim()) return
                flow.send({ type: 'tags.change', change: { kind: 'create', name: name.trim(), color } })
                setName('')
              }}
            >
              <Field.Root>
                <Field.Label>New tag</Field.Label>
                <Field.Input value={name} maxLength={30} onChange={(e) => setName(e.target.value)} />
              </Field.Root>
              <ColourSelect value={color} onChange={setColor} />
              <Button type="submit" size="sm" disabled={busy || !name.trim()}>
                <Plus aria-hidden="true" /> Create tag
              </Button>
            </form>
            {tags === null ? (
              !error && <p role="status">Loading...</p>
            ) : tags.length === 0 ? (
              <p className={css({ color: 'muted', fontSize: 'sm' })}>No tags yet.</p>
            ) : (
              <ul aria-label="Your tags" className={css({ listStyle: 'none' })}>
                {tags.map((t) => (
                  <TagRow
                    key={`${t.id}:${t.name}:${t.color}`}
                    tag={t}
                    busy={busy}
                    onSave={(n, c) =>
                      flow.send({ type: 'tags.change', change: { kind: 'update', id: t.id, name: n.trim(), color: c } })
                    }
                    onDelete={() => flow.send({ type: 'tags.change', change: { kind: 'delete', id: t.id } })}
                  />
                ))}
              </ul>
            )}
            <div className={css({ display: 'flex', justifyContent: 'flex-end' })}>
              <Dialog.CloseTrigger asChild>
                <Button variant="outline">
                  <X aria-hidden="true" /> Close
                </Button>
              </Dialog.CloseTrigger>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
