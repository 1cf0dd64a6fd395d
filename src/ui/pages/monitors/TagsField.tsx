import { Combobox, createListCollection } from '@ark-ui/react/combobox'
import { useActorRef, useSelector } from '../../app/actor-hooks.ts'
import { Check, ChevronDown, Plus, X } from 'lucide-react'
import { type Dispatch, type SetStateAction, useEffect, useId, useMemo, useState } from 'react'
import { css, cx } from '../../../../styled-system/css'
import { field } from '../../../../styled-system/recipes/field'
import { tagsLogic } from '../../../adapters/monitor-list.actors.ts'
import { monitorListApi } from '../../../adapters/monitor-list-api.ts'
import { MAX_TAGS_PER_MONITOR, type Tag, type TagColor, type TagRef, tagKey } from '@vigil/domain/tags'
import { Button } from '../../components/button.tsx'
import { TagChip } from './list/TagChips.tsx'

// The monitor form's tags: pick the user's tags from a combobox (typing filters them), or create one from what was
// typed; the chosen ones show as chips, each with its remove button. The form sets them once the monitor is saved.

/** The colour of a tag created here (Manage tags recolours it). */
export const NEW_TAG_COLOR: TagColor = 'blue'

/** The value of the "Create tag" option (tag ids are the server's, never this). */
const CREATE = '+create'

type Option = { value: string; label: string; tag?: Tag }

const refOf = ({ id, name, color }: Pick<Tag, 'id' | 'name' | 'color'>): TagRef => ({ id, name, color })

// The form's other fields' look (the `field` recipe); the input shares its row with the button that opens the list.
const fieldStyles = field()
const control = css({ display: 'flex', alignItems: 'center', gap: '1' })
const input = cx(fieldStyles.input, css({ flex: '1', minW: '0', w: 'auto' }))
const content = css({
  bg: 'surface',
  borderWidth: '1px',
  borderColor: 'gray.200',
  rounded: 'md',
  boxShadow: 'lg',
  py: '1',
  maxH: '60',
  overflowY: 'auto',
  zIndex: 'popover',
  outline: 'none',
})
const item = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  px: '3',
  py: '1.5',
  fontSize: 'sm',
  cursor: 'pointer',
  _highlighted: { bg: 'gray.100' },
  _disabled: { opacity: '0.5', cursor: 'not-allowed' },
})
const small = css({ fontSize: 'xs', color: 'muted' })

export interface TagsFieldProps {
  /** The tags chosen. */
  value: readonly TagRef[]
  onChange: Dispatch<SetStateAction<TagRef[]>>
}

export function TagsField({ value, onChange }: TagsFieldProps) {
  const flow = useActorRef(useMemo(() => tagsLogic(monitorListApi), []))
  const tags = useSelector(flow, (s) => s.context.tags)
  const loadError = useSelector(flow, (s) => (s.matches('failed') ? s.context.error : null))
  const refusal = useSelector(flow, (s) => s.context.refusal)
  const creating = useSelector(flow, (s) => s.matches('saving') || (s.matches('loading') && s.context.tags !== null))
  const [typed, setTyped] = useState('')
  /** The tag being created, chosen once the list read again has it (dropped when a new refusal comes instead). */
  const [pending, setPending] = useState<{ name: string; refusal: typeof refusal } | null>(null)
  const helperId = useId()

  useEffect(() => {
    if (pending === null) return
    if (refusal && refusal !== pending.refusal) return setPending(null)
    const made = tags?.find((t) => tagKey(t.name) === tagKey(pending.name))
    if (!made) return
    setPending(null)
    onChange((chosen) => (chosen.some((t) => t.id === made.id) ? chosen : [...chosen, refOf(made)]))
  }, [tags, refusal, pending, onChange])

  const full = value.length >= MAX_TAGS_PER_MONITOR
  const name = typed.trim()
  const collection = useMemo(() => {
    const all = tags ?? []
    const matching = all.filter((t) => tagKey(t.name).includes(tagKey(name)))
    const exists = all.some((t) => tagKey(t.name) === tagKey(name))
    const items: Option[] = matching.map((t) => ({ value: t.id, label: t.name, tag: t }))
    if (tags && name && !exists) items.push({ value: CREATE, label: `Create tag “${name}”` })
    return createListCollection<Option>({
      items,
      itemToValue: (o) => o.value,
      itemToString: (o) => o.label,
      isItemDisabled: (o) => full && !value.some((t) => t.id === o.value),
    })
  }, [tags, name, full, value])

  const choose = (ids: string[]) => {
    if (ids.includes(CREATE)) {
      if (!name) return
      // Choosing an option clears the input (a multiple combobox does).
      setPending({ name, refusal })
      flow.send({ type: 'tags.change', change: { kind: 'create', name, color: NEW_TAG_COLOR } })
      return
    }
    const known = new Map<string, TagRef>([...(tags ?? []).map((t) => [t.id, refOf(t)] as const)])
    for (const t of value) known.set(t.id, t)
    onChange(ids.flatMap((id) => known.get(id) ?? []))
  }

  return (
    <div className={fieldStyles.root}>
      <Combobox.Root
        collection={collection}
        multiple
        value={value.map((t) => t.id)}
        onValueChange={(d) => choose(d.value)}
        onInputValueChange={(d) => setTyped(d.inputValue)}
        openOnClick
        positioning={{ sameWidth: true, strategy: 'fixed' }}
        className={fieldStyles.root}
      >
        <Combobox.Label className={fieldStyles.label}>Tags</Combobox.Label>
        <Combobox.Control className={control}>
          <Combobox.Input
            className={input}
            maxLength={30}
            placeholder="Find or create a tag"
            aria-describedby={helperId}
          />
          <Combobox.Trigger asChild>
            <Button variant="ghost" size="icon" aria-label="Show tags">
              <ChevronDown aria-hidden="true" />
            </Button>
          </Combobox.Trigger>
        </Combobox.Control>
        {/* Inside the dialog (a portal would be hidden from screen readers by the modal); fixed, so that the dialog's
            scrolling does not clip it. */}
        <Combobox.Positioner>
          <Combobox.Content className={content}>
            {collection.items.length === 0 && (
              <p className={css({ px: '3', py: '1.5', fontSize: 'sm', color: 'muted' })}>
                {tags === null
                  ? 'Loading tags...'
                  : tags.length > 0
                    ? 'No tag matches.'
                    : 'No tags yet: type a name to create one.'}
              </p>
            )}
            {collection.items.map((o) => (
              <Combobox.Item key={o.value} item={o} className={item}>
                <Combobox.ItemText>
                  {o.tag ? (
                    <TagChip tag={o.tag} />
                  ) : (
                    <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1' })}>
                      <Plus aria-hidden="true" size={14} /> {o.label}
                    </span>
                  )}
                </Combobox.ItemText>
                <Combobox.ItemIndicator>
                  <Check aria-hidden="true" size={14} />
                </Combobox.ItemIndicator>
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Combobox.Root>
      <p id={helperId} className={small}>
        {full
          ? `A monitor has at most ${MAX_TAGS_PER_MONITOR} tags.`
          : 'Group monitors across types; the monitor list filters by them.'}
      </p>
      {creating && pending && (
        <p role="status" className={small}>
          Creating tag “{pending.name}”...
        </p>
      )}
      {(refusal || loadError) && (
        <div role="alert" className={css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'xs' })}>
          <span className={css({ color: 'red.700' })}>{refusal?.message ?? loadError}</span>
          {loadError && (
            <Button size="sm" variant="outline" onClick={() => flow.send({ type: 'tags.retry' })}>
              Try again
            </Button>
          )}
        </div>
      )}
      {value.length > 0 && (
        <ul
          aria-label="Chosen tags"
          className={css({ display: 'flex', flexWrap: 'wrap', gap: '1.5', listStyle: 'none' })}
        >
          {value.map((t) => (
            <li key={t.id} className={css({ display: 'inline-flex', alignItems: 'center', gap: '0.5' })}>
              <TagChip tag={t} />
              <button
                type="button"
                aria-label={`Remove tag ${t.name}`}
                onClick={() => onChange((chosen) => chosen.filter((c) => c.id !== t.id))}
                className={css({
                  display: 'inline-flex',
                  p: '0.5',
                  rounded: 'sm',
                  color: 'gray.600',
                  cursor: 'pointer',
                  _hover: { bg: 'gray.100', color: 'gray.900' },
                  _focusVisible: { outline: '2px solid', outlineColor: 'navy.500', outlineOffset: '1px' },
                })}
              >
                <X aria-hidden="true" size={12} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
