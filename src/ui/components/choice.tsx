import type { ComponentProps, ReactNode } from 'react'
import { cx } from '../../../styled-system/css'
import { choice } from '../../../styled-system/recipes/choice'

// A native radio or checkbox inside its label, styled by the `choice` slot recipe: the browser gives keyboard,
// focus, form value and checked state; a group of them goes in a <fieldset> with a <legend> naming it.
//   <Choice name="auth" checked={auth === 'keys'} onChange={() => setAuth('keys')}>Access keys</Choice>
//   <Choice type="checkbox" variant="tile" ...><strong>Slack</strong> Posts to a channel.</Choice>

export interface ChoiceProps extends Omit<ComponentProps<'input'>, 'type' | 'children' | 'className'> {
  type?: 'radio' | 'checkbox'
  /** `tile` frames the choice as a card (a plan, an integration's type); `plain` (default) is a line. */
  variant?: 'plain' | 'tile'
  /** The words (and an icon): inside the <label>, so a click on them picks the choice. */
  children: ReactNode
  /** Classes for the label. */
  className?: string
}

export function Choice({ type = 'radio', variant, children, className, ...props }: ChoiceProps) {
  const styles = choice({ variant })
  return (
    <label className={cx(styles.root, className)}>
      <input type={type} className={styles.control} {...props} />
      <span className={styles.label}>{children}</span>
    </label>
  )
}

export interface RadioChoicesProps<V extends string> extends Pick<ChoiceProps, 'variant'> {
  name: string
  options: readonly { value: V; label: ReactNode }[]
  /** The chosen value, for a controlled group; leave it out and give `defaultValue` for a form read on submit. */
  value?: V
  defaultValue?: V
  onValueChange?: (value: V) => void
}

/** A group's radios, one Choice per option; the caller wraps them in the fieldset and legend that name them. */
export function RadioChoices<V extends string>({
  name,
  options,
  value,
  defaultValue,
  onValueChange,
  variant,
}: RadioChoicesProps<V>) {
  return options.map((option) => (
    <Choice
      key={option.value}
      variant={variant}
      name={name}
      value={option.value}
      {...(value === undefined
        ? { defaultChecked: option.value === defaultValue }
        : { checked: option.value === value })}
      onChange={() => onValueChange?.(option.value)}
    >
      {option.label}
    </Choice>
  ))
}
