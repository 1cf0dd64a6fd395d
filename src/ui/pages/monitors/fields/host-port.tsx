import type { FieldsProps } from '../draft-setter.ts'
import { TextField } from '../form-fields.tsx'

// The host and port of the port, ping and SSL monitors' forms, with the words of each type.

export function HostField({
  draft,
  set,
  errors,
  placeholder,
  helper,
}: FieldsProps<{ host: string }> & { placeholder: string; helper: string }) {
  return (
    <TextField
      label="Host"
      name="host"
      required
      value={draft.host}
      onChange={set.host}
      error={errors.host}
      placeholder={placeholder}
      helper={helper}
    />
  )
}

export function PortField({
  draft,
  set,
  errors,
  required = false,
  helper,
}: FieldsProps<{ port: string }> & { required?: boolean; helper?: string }) {
  return (
    <TextField
      label="Port"
      name="port"
      required={required}
      inputMode="numeric"
      value={draft.port}
      onChange={set.port}
      error={errors.port}
      placeholder="443"
      helper={helper}
    />
  )
}
