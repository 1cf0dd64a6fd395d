import { Check, Copy } from 'lucide-react'
import { css } from '../../../styled-system/css'
import * as Clipboard from '../components/clipboard.tsx'

/**
 * A value to copy, with its label and a copy button that says when it copied: a secret or an id in a read-only
 * input, or (`multiline`) a document such as an IAM policy in a scrolling block.
 */
export function CopyField({
  label,
  value,
  copyLabel,
  multiline = false,
}: {
  label: string
  value: string
  /** The button's words before it copied ("Copy secret"). */
  copyLabel: string
  multiline?: boolean
}) {
  return (
    <Clipboard.Root value={value} translations={{ triggerLabel: (copied) => (copied ? 'Copied' : copyLabel) }}>
      <Clipboard.Label>{label}</Clipboard.Label>
      {multiline && (
        // A scrolling region: reachable by keyboard, named by what it holds.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes the focus so keys can scroll it
        <section tabIndex={0} aria-label={label} className={block}>
          <pre className={css({ m: '0' })}>{value}</pre>
        </section>
      )}
      <Clipboard.Control>
        {!multiline && <Clipboard.Input />}
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
      </Clipboard.Control>
    </Clipboard.Root>
  )
}

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
