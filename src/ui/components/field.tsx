import { Field } from '@ark-ui/react/field'
import type { ComponentProps } from 'react'
import { createStyleContext } from '../../../styled-system/jsx'
import { field } from '../../../styled-system/recipes/field'

// Park UI shape: Ark UI Field parts with the `field` slot recipe. Root's `invalid`, `required`, `disabled` and
// `readOnly` reach the input, and Ark wires the label (htmlFor) and helper text (aria-describedby) for you.
// ErrorText only renders while the Root is `invalid`.
const { withProvider, withContext } = createStyleContext(field)

export const Root = withProvider(Field.Root, 'root')
export const RootProvider = withProvider(Field.RootProvider, 'root')
export const Label = withContext(Field.Label, 'label')
export const Input = withContext(Field.Input, 'input')
export const Select = withContext(Field.Select, 'select')
export const Textarea = withContext(Field.Textarea, 'textarea')
export const HelperText = withContext(Field.HelperText, 'helperText')
export const ErrorText = withContext(Field.ErrorText, 'errorText')
export const RequiredIndicator = withContext(Field.RequiredIndicator, 'requiredIndicator')

export { FieldContext as Context, type FieldContextProps as ContextProps } from '@ark-ui/react/field'
export type RootProps = ComponentProps<typeof Root>
export type InputProps = ComponentProps<typeof Input>
export type SelectProps = ComponentProps<typeof Select>
