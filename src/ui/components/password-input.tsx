import { PasswordInput } from '@ark-ui/react/password-input'
import { Eye, EyeOff } from 'lucide-react'
import type { ComponentProps, ReactNode } from 'react'
import { useId, useState } from 'react'
import { createStyleContext } from '../../../styled-system/jsx'
import { passwordInput } from '../../../styled-system/recipes/password-input'
import * as Field from './field.tsx'

// Park UI shape: Ark UI PasswordInput parts with the `passwordInput` slot recipe. The visibility trigger is labelled
// 'Show password' / 'Hide password' by Ark (change with Root's `translations.visibilityTrigger`).
// Each part is marked pure, so a page's chunk keeps only the parts it uses.
const { withProvider, withContext } = createStyleContext(passwordInput)

export const Root = /* @__PURE__ */ withProvider(PasswordInput.Root, 'root')
export const RootProvider = /* @__PURE__ */ withProvider(PasswordInput.RootProvider, 'root')
export const Label = /* @__PURE__ */ withContext(PasswordInput.Label, 'label')
export const Control = /* @__PURE__ */ withContext(PasswordInput.Control, 'control')
export const Input = /* @__PURE__ */ withContext(PasswordInput.Input, 'input')
export const VisibilityTrigger = /* @__PURE__ */ withContext(PasswordInput.VisibilityTrigger, 'visibilityTrigger')
export const Indicator = /* @__PURE__ */ withContext(PasswordInput.Indicator, 'indicator')

export {
  PasswordInputContext as Context,
  type PasswordInputContextProps as ContextProps,
} from '@ark-ui/react/password-input'
export type RootProps = ComponentProps<typeof Root>

export interface PasswordFieldProps extends Omit<ComponentProps<'input'>, 'type' | 'autoComplete' | 'size'> {
  label: ReactNode
  helperText?: ReactNode
  /** Shown (and linked to the input) while `invalid`. */
  errorText?: ReactNode
  invalid?: boolean
  /** 'current-password' (default) or 'new-password'. */
  autoComplete?: 'current-password' | 'new-password'
  defaultVisible?: boolean
  className?: string
}

/**
 * A labelled password field with a show/hide toggle: Ark Field (label, helper and error text) around Ark
 * PasswordInput. Other props (name, value, onChange, placeholder, ...) go to the <input>.
 */
export function PasswordField({
  label,
  helperText,
  errorText,
  invalid = false,
  required = false,
  disabled = false,
  readOnly = false,
  autoComplete = 'current-password',
  defaultVisible,
  className,
  ...inputProps
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(defaultVisible ?? false)
  // Ark's PasswordInput.Input takes only the Field's helper-text id, so helper and error text are linked here.
  const helperId = useId()
  const errorId = useId()
  const showError = invalid && Boolean(errorText)
  const describedBy = [helperText ? helperId : null, showError ? errorId : null].filter(Boolean).join(' ') || undefined
  return (
    <Field.Root invalid={invalid} required={required} disabled={disabled} readOnly={readOnly} className={className}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Root autoComplete={autoComplete} visible={visible} onVisibilityChange={(d) => setVisible(d.visible)}>
        <Control>
          <Input aria-describedby={describedBy} aria-errormessage={showError ? errorId : undefined} {...inputProps} />
          {/* Ark leaves the toggle out of the tab order and toggles on pointer down only; every control here
              must be reachable by keyboard, so it takes focus and Enter or Space (a click with detail 0) toggles. */}
          <VisibilityTrigger tabIndex={0} onClick={(e) => e.detail === 0 && setVisible((v) => !v)}>
            <Indicator fallback={<Eye aria-hidden="true" />}>
              <EyeOff aria-hidden="true" />
            </Indicator>
          </VisibilityTrigger>
        </Control>
      </Root>
      {helperText ? <Field.HelperText id={helperId}>{helperText}</Field.HelperText> : null}
      {errorText ? <Field.ErrorText id={errorId}>{errorText}</Field.ErrorText> : null}
    </Field.Root>
  )
}
