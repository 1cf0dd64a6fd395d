import { type FieldsProps, fieldOf } from '../draft-setter.ts'
import { TextField } from '../form-fields.tsx'

// The host and port of the port, ping and SSL monitors' forms, with the words of each type.

export function HostField({
  placeholder,
  helper,
  ...form
}: FieldsProps<{ host: string }> & { placeholder: string; helper: string }) {
  return <TextField {...fieldOf(form)('host')} label="Host" required placeholder={placeholder} helper={helper} />
}

export function PortField({
  required = false,
  helper,
  ...form
}: FieldsProps<{ port: string }> & { required?: boolean; helper?: string }) {
  return (
    <TextField
      {...fieldOf(form)('port')}
      label="Port"
      required={required}
      inputMode="numeric"
      placeholder="443"
      helper={helper}
    />
  )
}
