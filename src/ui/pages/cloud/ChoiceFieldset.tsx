import type { ReactNode } from 'react'
import { css } from '../../../../styled-system/css'
import { RadioChoices, type RadioChoicesProps } from '../../components/choice.tsx'

const plainFieldset = css({ border: 'none', p: '0', m: '0', minW: '0' })
const legendStyle = css({ fontSize: 'sm', fontWeight: 'medium', color: 'gray.800', mb: '2' })

/**
 * A choice of a connect dialog (how Vigil signs in, which regions or subscriptions it reads): its legend, the radio
 * choices, and what the chosen one asks for under them.
 */
export function ChoiceFieldset<V extends string>({
  legend,
  children,
  ...choices
}: RadioChoicesProps<V> & { legend: string; children?: ReactNode }) {
  return (
    <fieldset className={plainFieldset}>
      <legend className={legendStyle}>{legend}</legend>
      <div className={css({ display: 'grid', gap: '2' })}>
        <RadioChoices {...choices} />
        {children}
      </div>
    </fieldset>
  )
}

/** How Vigil signs in to the account (its `auth` field): keys or a role for AWS, a secret or a certificate for Entra. */
export function SignInChoice<V extends string>(props: Omit<RadioChoicesProps<V>, 'name'>) {
  return <ChoiceFieldset legend="Sign in with" name="auth" {...props} />
}
