import * as Alert from '../components/alert.tsx'

/**
 * The top of a form: the server's message and the messages of fields the form has no input for (a server's own
 * rule), each named by its label, read out as they appear. Nothing when there is nothing to say.
 */
export function FormMessages({
  message,
  elsewhere,
  labels,
}: {
  message: string | null
  /** [field, message] of the fields the form does not show. */
  elsewhere: readonly (readonly [string, string])[]
  labels: Record<string, string>
}) {
  if (!message && elsewhere.length === 0) return null
  return (
    <Alert.Root role="alert">
      <Alert.Content>
        {message && <p>{message}</p>}
        {elsewhere.map(([k, m]) => (
          <p key={k}>
            {labels[k] ?? k}: {m}
          </p>
        ))}
      </Alert.Content>
    </Alert.Root>
  )
}
