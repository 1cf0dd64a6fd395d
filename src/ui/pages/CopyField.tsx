import { Check, Copy } from 'lucide-react'
import { useId } from 'react'
import { css } from '../../../styled-system/css'
import { clipboard } from '../../../styled-system/recipes/clipboard'
import * as Clipboard from '../components/clipboard.tsx'

/**
 * A value to copy, with its label and a copy button that says when it copied: a secret or an id in a read-only
 * input; (`wrap`) a code to type by hand, such as a two-factor secret, as text that wraps on a narrow screen and is
 * selected whole by a click; or (`multiline`) a document such as an IAM policy in a scrolling block. `shown` is the
 * text shown when it differs from the value copied (a secret grouped by fours to read, copied without the spaces).
 */
export function CopyField({
  label,
  value,
  shown = value,
  copyLabel,
  multiline = false,
  wrap = false,
}: {
  label: string
  value: string
  shown?: string
  /** The button's words before it copied ("Copy secret"). */
  copyLabel: string
  multiline?: boolean
  wrap?: boolean
}) {
  const labelId = useId()
  const trigger = (
    <Clipboard.Trigger>
      <Clipboard.Indicator
        copied={
          <>
            <Check aria-hidden="true" /> Copied
          </>
        }
      >
        <Copy aria-hidden="true" /> {copyLabel}
      </Clipboard.Indicator>
    </Clipboard.Trigger>
  )
  if (wrap)
    // No input to label: the label names the group of the text and its button.
    return (
      <Clipboard.Root
        value={value}
        translations={{ triggerLabel: (copied) => (copied ? 'Copied' : copyLabel) }}
        role="group"
        aria-labelledby={labelId}
      >
        <span id={labelId} className={clipboard().label}>
          {label}
        </span>
        <Clipboard.Control flexWrap="wrap">
          <code className={wrapped}>{shown}</code>
          {trigger}
        </Clipboard.Control>
      </Clipboard.Root>
    )
  return (
    <Clipboard.Root value={value} translations={{ triggerLabel: (copied) => (copied ? 'Copied' : copyLabel) }}>
      <Clipboard.Label>{label}</Clipboard.Label>
      {multiline && (
        // A scrolling region: reachable by keyboard, named by what it holds.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes the focus so keys can scroll it
        <section tabIndex={0} aria-label={label} className={block}>
          <pre className={css({ m: '0' })}>{shown}</pre>
        </section>
      )}
      <Clipboard.Control>
        {!multiline && <Clipboard.Input />}
        {trigger}
      </Clipboard.Control>
    </Clipboard.Root>
  )
}

const wrapped = css({
  flex: '1 1 16rem',
  minW: '0',
  px: '3',
  py: '2',
  fontFamily: 'mono',
  fontSize: 'md',
  letterSpacing: 'wide',
  lineHeight: '1.6',
  bg: 'gray.50',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'md',
  // Breaks between its groups, and inside one only when a group is wider than the line.
  overflowWrap: 'anywhere',
  userSelect: 'all',
})

const block = css({
  m: '0',
  p: '3',
  maxH: '56',
  overflow: 'auto',
  fontFamily: 'mono',
  fontSize: 'xs',
  bg: 'gray.50',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'md',
  whiteSpace: 'pre',
  _focusVisible: { outline: '2px solid', outlineColor: 'navy.500', outlineOffset: '2px' },
})
