import { Field } from '@ark-ui/react/field'
import type { ComponentProps } from 'react'
import { createStyleContext } from '../../../styled-system/jsx'
import { field } from '../../../styled-system/recipes/field'

// Park UI shape: Ark UI Field parts with the `field` slot recipe. Root's `invalid`, `required`, `disabled` and
// `readOnly` reach the input, and Ark wires the label (htmlFor) and helper text (aria-describedby) for you.
// ErrorText only renders while the Root is `invalid`.
// Each part is marked pure, so a page's chunk keeps only the parts it uses.
const { withProvider, withContext } = createStyleContext(field)

export const Root = /* @__PURE__ */ withProvider(Field.Root, 'root')
export const RootProvider = /* @__PURE__ */ withProvider(Field.RootProvider, 'root')
export const Label = /* @__PURE__ */ withContext(Field.Label, 'label')
export const Input = /* @__PURE__ */ withContext(Field.Input, 'input')
export const Select = /* @__PURE__ */ withContext(Field.Select, 'select')
export const Textarea = /* @__PURE__ */ withContext(Field.Textarea, 'textarea')
export const HelperText = /* @__PURE__ */ withContext(Field.HelperText, 'helperText')
export const ErrorText = /* @__PURE__ */ withContext(Field.ErrorText, 'errorText')
export const RequiredIndicator = /* @__PURE__ */ withContext(Field.RequiredIndicator, 'requiredIndicator')

export { FieldContext as Context, type FieldContextProps as ContextProps } from '@ark-ui/react/field'
export type RootProps = ComponentProps<typeof Root>
export type InputProps = ComponentProps<typeof Input>
export type SelectProps = ComponentProps<typeof Select>
