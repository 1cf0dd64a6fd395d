import { useActorRef, useSelector } from '../../../app/actor-hooks.ts'
import { type ReactNode, useState } from 'react'
import { Link } from 'react-router'
import type { AnyStateMachine } from 'xstate'
import { CLOUD_PROVIDER_WORDS, type CloudProvider } from '@vigil/domain/cloud-account'
import * as Alert from '../../../components/alert.tsx'
import { SelectField, wide } from '../form-fields.tsx'

// The connected account a cloud monitor reads: the user's accounts of its provider to choose from, or how to
// connect one. Its accounts are read once, when the form opens.

export function CloudAccountField<A extends { id: string; name: string }>({
  provider,
  listPath,
  load,
  describe,
  name,
  value,
  onChange,
  error,
  children,
}: {
  provider: CloudProvider
  /** The provider's page, where an account is connected. */
  listPath: string
  /** The flow that reads the accounts once (cloud-account-choices.actors.ts). */
  load: () => AnyStateMachine
  /** An account as its option reads: "Production (111122223333)". */
  describe: (account: A) => string
  name: string
  value: string
  onChange: (value: string) => void
  error?: string
  /** Fields that depend on the chosen account (its subscriptions, its services), given it once read. */
  children?: (account: A | undefined) => ReactNode
}) {
  // Made once, when the field first shows.
  const [logic] = useState(load)
  const choices = useActorRef(logic)
  const accounts = useSelector(choices, (s) => (s.context.data as { accounts: A[] } | null)?.accounts ?? null)
  const loadError = useSelector(choices, (s) => (s.matches('failed') ? (s.context.error as string) : null))
  const words = CLOUD_PROVIDER_WORDS[provider]
  const article = /^[aeiou]/i.test(words.account) ? 'an' : 'a'
  if (loadError)
    return (
      <Alert.Root role="alert" status="error" className={wide}>
        <Alert.Description>
          Your {words.accounts} could not be loaded: {loadError}
        </Alert.Description>
      </Alert.Root>
    )
  if (accounts !== null && accounts.length === 0)
    return (
      <Alert.Root role="note" status="info" className={wide}>
        <Alert.Description>
          Connect {article} {words.account} first, on <Link to={listPath}>{words.feature}</Link>.
        </Alert.Description>
      </Alert.Root>
    )
  return (
    <>
      <SelectField
        name={name}
        value={value}
        onChange={onChange}
        error={error}
        label={words.account.replace(/^./, (c) => c.toUpperCase())}
        options={[
          { value: '', label: accounts === null ? 'Loading…' : 'Choose one' },
          ...(accounts ?? []).map((a) => ({ value: a.id, label: describe(a) })),
        ]}
      />
      {children?.(accounts?.find((a) => a.id === value))}
    </>
  )
}
