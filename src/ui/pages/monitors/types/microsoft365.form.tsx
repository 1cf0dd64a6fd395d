import { useActorRef, useSelector } from '../../../app/actor-hooks.ts'
import { useMemo } from 'react'
import { m365ServiceChoicesLogic, m365TenantChoicesLogic } from '../../../../adapters/cloud-account-choices.actors.ts'
import { serviceStatusWords } from '@vigil/domain/m365'
import type { M365Tenant } from '@vigil/domain/m365-account'
import { MONITOR_TYPE_PAGES } from '@vigil/domain/monitor-types/pages'
import { type FieldsProps, fieldOf } from '../draft-setter.ts'
import { SelectField } from '../form-fields.tsx'
import { CloudAccountField } from './cloud-account-field.tsx'
import { defineTypeForm } from './define.ts'

// The Microsoft 365 monitor's form: the connected tenant and one of its services, as its last read found them.
// "Monitor this" on the tenant's page fills both in.

interface M365Draft {
  account_id: string
  service_id: string
  service_name: string
}

const blank: M365Draft = { account_id: '', service_id: '', service_name: '' }

/** The tenant's services, read when a tenant is chosen (the component is keyed by it). */
function ServiceField({ tenantId, ...props }: FieldsProps<M365Draft> & { tenantId: string }) {
  const logic = useMemo(() => m365ServiceChoicesLogic(tenantId), [tenantId])
  const choices = useActorRef(logic)
  const services = useSelector(choices, (s) => s.context.data?.services ?? null)
  const failed = useSelector(choices, (s) => (s.matches('failed') ? s.context.error : null))
  const { draft, set } = props
  const known = services?.some((s) => s.id === draft.service_id) ?? false
  return (
    <SelectField
      {...fieldOf(props)('service_id')}
      onChange={(id) => {
        set.service_id(id)
        set.service_name(services?.find((s) => s.id === id)?.name ?? '')
      }}
      label="Service"
      helper={failed ? `The tenant's services could not be loaded: ${failed}` : undefined}
      options={[
        { value: '', label: services === null ? 'Loading services…' : 'Choose a service' },
        // A service chosen before that the last read did not list stays, as it was named.
        ...(draft.service_id && services !== null && !known
          ? [{ value: draft.service_id, label: draft.service_name || draft.service_id }]
          : []),
        ...(services ?? []).map((s) => ({ value: s.id, label: `${s.name} (${serviceStatusWords(s.status)})` })),
      ]}
    />
  )
}

export const form = defineTypeForm<'microsoft365', M365Draft>({
  blank,
  draftOf: (m) => ({ account_id: m.account_id, service_id: m.service_id, service_name: m.service_name }),
  valuesOf: (d) => ({ account_id: d.account_id, service_id: d.service_id, service_name: d.service_name }),
  Fields: (props) => (
    <CloudAccountField
      provider="m365"
      listPath={MONITOR_TYPE_PAGES.microsoft365.list}
      load={m365TenantChoicesLogic}
      describe={(t: M365Tenant) => t.name}
      {...fieldOf(props)('account_id')}
    >
      {(tenant) => tenant && <ServiceField key={tenant.id} tenantId={tenant.id} {...props} />}
    </CloudAccountField>
  ),
})
