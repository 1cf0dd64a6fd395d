import type { ComponentProps, ReactNode } from 'react'
import { cx } from '../../../styled-system/css'
import { switchRecipe } from '../../../styled-system/recipes/switch-recipe'

// A native checkbox with role="switch", styled by the `switchRecipe` slot recipe. Not Ark's Switch: its zag
// modules re-split the chunks the layout shares with every page and cost /dashboard 1 KB gzip of first load,
// for what the browser's own checkbox already does (keyboard, focus, form value, checked state for assistive
// technology).

export interface SwitchProps extends Omit<ComponentProps<'input'>, 'type' | 'role' | 'onChange' | 'children'> {
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  /** The label, inside the <label> so a click on it toggles the switch. */
  children: ReactNode
}

export function Switch({ checked, onCheckedChange, children, className, ...props }: SwitchProps) {
  const styles = switchRecipe()
  return (
    <label className={cx(styles.root, className)}>
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        aria-checked={checked}
        onChange={(e) => onCheckedChange(e.target.checked)}
        className={styles.input}
        {...props}
      />
      <span className={styles.control} aria-hidden="true">
        <span className={styles.thumb} />
      </span>
      <span className={styles.label}>{children}</span>
    </label>
  )
}
