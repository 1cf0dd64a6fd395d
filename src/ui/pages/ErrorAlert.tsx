import * as Alert from '../components/alert.tsx'

/**
 * Why something failed (a form's answer, an action refused), read out as it appears; nothing while there is no
 * message. Style props go to the alert (`mt="3"`).
 */
export function ErrorAlert({
  message,
  ...props
}: Omit<Alert.RootProps, 'role' | 'children'> & {
  message: string | null | undefined
}) {
  if (!message) return null
  return (
    <Alert.Root role="alert" {...props}>
      <Alert.Description>{message}</Alert.Description>
    </Alert.Root>
  )
}
