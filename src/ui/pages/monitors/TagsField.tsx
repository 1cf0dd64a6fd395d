import { Combobox, createListCollection } from '@ark-ui/react/combobox'
import { checkForm } from '@vigil/domain/form-validation'
import { MAX_TAGS_PER_MONITOR, type Tag, TagInput, type TagRef, tagKey } from '@vigil/domain/tags'
import { Check, ChevronDown, Plus, X } from 'lucide-react'
import { type Dispatch, type SetStateAction, useEffect, useId, useMemo, useState } from 'react'
import { css, cx } from '../../../../styled-system/css'
import { field } from '../../../../styled-system/recipes/field'
import { NEW_TAG_COLOR } from '../../../adapters/monitor-flows.actors.ts'
import { tagsLogic } from '../../../adapters/monitor-list.actors.ts'
import { monitorListApi } from '../../../adapters/monitor-list-api.ts'
import { useActorRef, useSelector } from '../../app/actor-hooks.ts'
import { Button } from '../../components/button.tsx'
import { TagChip } from './list/TagChips.tsx'

// The monitor form's tags: pick the user's tags from a combobox (typing filters them), or type a name and press Enter:
// the user's tag of that name (any case), or a new tag of it, created when the monitor is saved. The chosen ones show
// as chips, each with its remove button (Backspace in the empty input removes the last). Nothing typed is dropped: the
// form takes what is still in the input as a tag when it is submitted (`withTyped`).

/** A tag chosen on the form: one of the user's (its id), or a new one (id null), created when the monitor is saved. */
export type ChosenTag = Omit<TagRef, 'id'> & { id: string | null }

/** The value of the "Create tag" option (tag ids are the server's, never this). */
const CREATE = '+create'

type Option = { value: string; label: string; tag?: Tag }

const refOf = ({ id, name, color }: Pick<Tag, 'id' | 'name' | 'color'>): TagRef => ({ id, name, color })

/** A chosen tag's value in the combobox: its id, or its name for a new one. */
const keyOf = (t: ChosenTag) => t.id ?? `new:${tagKey(t.name)}`

/** Whether a tag of this name (any case) is among the chosen. */
const isChosen = (chosen: readonly ChosenTag[], name: string) => chosen.some((t) => tagKey(t.name) === tagKey(name))

/**
 * The chosen tags with the name typed added: the user's tag of that name when `known` has it, else a new one; the same
 * list when nothing is typed or the name is already chosen.
 */
export const withTyped = (chosen: readonly ChosenTag[], typed: string, known: readonly Tag[] = []): ChosenTag[] => {
  const name = typed.trim()
  if (name === '' || isChosen(chosen, name)) return [...chosen]
  const found = known.find((t) => tagKey(t.name) === tagKey(name))
  return [...chosen, found ? refOf(found) : { id: null, name, color: NEW_TAG_COLOR }]
}

/** What the form's submit carries of its tags: the ids of the user's, the names of the new ones. */
export const tagsSubmit = (chosen: readonly ChosenTag[]) => ({
  tagIds: chosen.flatMap((t) => (t.id === null ? [] : [t.id])),
  newTags: chosen.flatMap((t) => (t.id === null ? [t.name] : [])),
})

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
  // With no option to list it is not shown (a listbox holds options); what to do then is said under the field.
  '&[data-empty]': { display: 'none' },
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
const errorText = css({ fontSize: 'xs', color: 'red.700' })

export interface TagsFieldProps {
  /** The tags chosen. */
  value: readonly ChosenTag[]
  onChange: Dispatch<SetStateAction<ChosenTag[]>>
  /** What is typed in the input, not yet a chip (the form takes it as a tag when submitted). */
  typed: string
  onTypedChange(text: string): void
  /** The form's message about the tags (a new name refused, too many). */
  error?: string
}

export function TagsField({ value, onChange, typed, onTypedChange, error }: TagsFieldProps) {
  const flow = useActorRef(useMemo(() => tagsLogic(monitorListApi), []))
  const tags = useSelector(flow, (s) => s.context.tags)
  const loadError = useSelector(flow, (s) => (s.matches('failed') ? s.context.error : null))
  /** The option the arrow keys or the pointer are on: Enter chooses it; with none, Enter takes what was typed. */
  const [highlighted, setHighlighted] = useState<string | null>(null)
  /** Why the name typed was not made a chip (Enter on a name the server would refuse). */
  const [problem, setProblem] = useState<string | null>(null)
  const helperId = useId()
  const errorId = useId()

  // A new tag the user has by now (its name typed in another case, or made in another tab) is that tag.
  useEffect(() => {
    if (!tags || !value.some((t) => t.id === null && tags.some((k) => tagKey(k.name) === tagKey(t.name)))) return
    onChange((chosen) => {
      const known = chosen.filter((t) => t.id !== null)
      return chosen.flatMap((t) => {
        const found = t.id === null ? tags.find((k) => tagKey(k.name) === tagKey(t.name)) : undefined
        if (!found) return [t]
        return known.some((k) => k.id === found.id) ? [] : [refOf(found)]
      })
    })
  }, [tags, value, onChange])

  const full = value.length >= MAX_TAGS_PER_MONITOR
  const name = typed.trim()
  const collection = useMemo(() => {
    const all = tags ?? []
    const matching = all.filter((t) => tagKey(t.name).includes(tagKey(name)))
    const exists = all.some((t) => tagKey(t.name) === tagKey(name)) || isChosen(value, name)
    const items: Option[] = matching.map((t) => ({ value: t.id, label: t.name, tag: t }))
    if (tags && name && !exists) items.push({ value: CREATE, label: `Create tag “${name}”` })
    return createListCollection<Option>({
      items,
      itemToValue: (o) => o.value,
      itemToString: (o) => o.label,
      isItemDisabled: (o) => full && !value.some((t) => t.id === o.value),
    })
  }, [tags, name, full, value])

  /** Makes the name typed a chip: the user's tag of that name, or a new one when the server would take the name. */
  const addTyped = () => {
    if (isChosen(value, name)) return onTypedChange('')
    if (full) return setProblem(`A monitor has at most ${MAX_TAGS_PER_MONITOR} tags.`)
    const checked = checkForm(TagInput, { name })
    if (!checked.ok) return setProblem(Object.values(checked.errors)[0] ?? null)
    onChange((chosen) => withTyped(chosen, name, tags ?? []))
    onTypedChange('')
  }

  const choose = (keys: string[]) => {
    if (keys.includes(CREATE)) return addTyped()
    const known = new Map<string, ChosenTag>((tags ?? []).map((t) => [t.id, refOf(t)] as const))
    for (const t of value) known.set(keyOf(t), t)
    onChange(keys.flatMap((key) => known.get(key) ?? []))
  }

  const message = problem ?? error
  return (
    <div className={fieldStyles.root}>
      <Combobox.Root
        collection={collection}
        multiple
        value={value.map(keyOf)}
        onValueChange={(d) => choose(d.value)}
        inputValue={typed}
        onInputValueChange={(d) => {
          setProblem(null)
          onTypedChange(d.inputValue)
        }}
        onHighlightChange={(d) => setHighlighted(d.highlightedValue)}
        // What is typed stays in the input (a click elsewhere, Enter on no option): it is a tag, not a search.
        allowCustomValue
        openOnClick
        positioning={{ sameWidth: true, strategy: 'fixed' }}
        className={fieldStyles.root}
      >
        <Combobox.Label className={fieldStyles.label}>Tags</Combobox.Label>
        <Combobox.Control className={control}>
          <Combobox.Input
            className={input}
            maxLength={30}
            placeholder="Type a tag, then Enter"
            aria-describedby={message ? `${errorId} ${helperId}` : helperId}
            aria-invalid={message ? true : undefined}
            onKeyDown={(e) => {
              if (e.nativeEvent.isComposing) return
              if (e.key === 'Enter' && highlighted === null && name !== '') {
                // Before the combobox, which would drop a name it has no option for; and the form is not submitted.
                e.preventDefault()
                addTyped()
              } else if (e.key === 'Backspace' && typed === '' && value.length > 0) {
                onChange((chosen) => chosen.slice(0, -1))
              }
            }}
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
      {message && (
        <p id={errorId} className={errorText}>
          {message}
        </p>
      )}
      <p id={helperId} className={small}>
        {full
          ? `A monitor has at most ${MAX_TAGS_PER_MONITOR} tags.`
          : name
            ? `Press Enter to add “${name}”.`
            : tags === null
              ? 'Loading your tags...'
              : tags.length === 0 && value.length === 0
                ? 'No tags yet: type a name and press Enter to create one.'
                : 'Group monitors across types; the monitor list filters by them.'}
        {value.some((t) => t.id === null) && ' Tags marked new are created when you save.'}
      </p>
      {loadError && (
        <div role="alert" className={css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'xs' })}>
          <span className={css({ color: 'red.700' })}>{loadError}</span>
          <Button size="sm" variant="outline" onClick={() => flow.send({ type: 'tags.retry' })}>
            Try again
          </Button>
        </div>
      )}
      {value.length > 0 && (
        <ul
          aria-label="Chosen tags"
          className={css({ display: 'flex', flexWrap: 'wrap', gap: '1.5', listStyle: 'none' })}
        >
          {value.map((t) => (
            <li key={keyOf(t)} className={css({ display: 'inline-flex', alignItems: 'center', gap: '0.5' })}>
              <TagChip tag={t} />
              {t.id === null && (
                <span className={css({ fontSize: 'xs', color: 'muted', ms: '0.5' })} title="Created when you save">
                  new
                </span>
              )}
              <button
                type="button"
                aria-label={`Remove tag ${t.name}`}
                onClick={() => onChange((chosen) => chosen.filter((c) => keyOf(c) !== keyOf(t)))}
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
