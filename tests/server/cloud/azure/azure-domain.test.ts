import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { AzureCredentialsInput } from '@vigil/domain/azure'
import { azureServiceName, monthOf, offerName, resourceGroupOf } from '@vigil/domain/azure-names'
import { fieldErrors } from '@vigil/domain/form-validation'
import { isRecentIssue, M365CredentialsInput, serviceHealthStatus } from '@vigil/domain/m365'

// The pure rules of src/domain/azure.ts and m365.ts (kept beside the adapters they serve).

const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47'
const CLIENT = '00001111-aaaa-2222-bbbb-3333cccc4444'
const messages = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input)
  return result.success ? [] : result.issues.map((i) => i.message)
}

describe('AzureCredentialsInput', () => {
  it('takes a secret with a GUID or domain tenant', () => {
    const input = { auth: 'secret', tenant_id: ` ${TENANT} `, client_id: CLIENT, client_secret: 'abc~def' }
    expect(v.parse(AzureCredentialsInput, input)).toEqual({ ...input, tenant_id: TENANT })
    expect(messages(AzureCredentialsInput, { ...input, tenant_id: 'contoso.onmicrosoft.com' })).toEqual([])
  })

  it('says what each field should be', () => {
    expect(
      messages(AzureCredentialsInput, {
        auth: 'secret',
        tenant_id: 'contoso',
        client_id: 'app',
        client_secret: CLIENT,
      }),
    ).toEqual([
      expect.stringMatching(/^The directory \(tenant\) ID is a GUID/),
      expect.stringMatching(/^The application \(client\) ID is a GUID/),
      "This looks like the secret's ID: copy the secret's Value, which Azure shows only once after it is created.",
    ])
    expect(messages(AzureCredentialsInput, { auth: 'key' })).toEqual(['Auth must be secret or certificate.'])
  })

  it('takes a certificate only with its private key', () => {
    const cert = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----'
    const key = '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----'
    const base = { auth: 'certificate', tenant_id: TENANT, client_id: CLIENT }
    expect(messages(AzureCredentialsInput, { ...base, certificate: `${key}\n${cert}` })).toEqual([])
    expect(messages(AzureCredentialsInput, { ...base, certificate: cert })).toEqual([
      expect.stringMatching(/must hold the private key too/),
    ])
    expect(messages(AzureCredentialsInput, { ...base, certificate: 'hello' })[0]).toMatch(
      /^Paste the certificate as PEM/,
    )
  })

  it('M365 credentials take a secret (or a certificate, as Azure ones)', () => {
    const secret = { auth: 'secret', tenant_id: TENANT, client_id: CLIENT, client_secret: 's~1' }
    expect(messages(M365CredentialsInput, secret)).toEqual([])
    const missing = v.safeParse(M365CredentialsInput, { auth: 'secret', tenant_id: TENANT, client_id: CLIENT })
    expect(!missing.success && fieldErrors(missing.issues)).toEqual({ client_secret: 'Client secret is required.' })
  })
})

describe('names', () => {
  it('names familiar services, any case, and unknown types from their last segment', () => {
    expect(azureServiceName('Microsoft.Web/sites')).toBe('App Service')
    expect(azureServiceName('microsoft.web/sites', 'functionapp')).toBe('Function App')
    expect(azureServiceName('Microsoft.Compute/virtualMachines')).toBe('Virtual Machines')
    expect(azureServiceName('MICROSOFT.SQL/SERVERS/DATABASES')).toBe('SQL Database')
    expect(azureServiceName('Microsoft.Storage/storageAccounts')).toBe('Storage')
    expect(azureServiceName('Microsoft.Network/publicIPPrefixes')).toBe('Public IP Prefixes')
    expect(azureServiceName('Contoso.Widgets/widget_pools')).toBe('Widget Pools')
  })

  it('names offers, resource groups and months', () => {
    expect(offerName('PayAsYouGo_2014-09-01')).toBe('Pay-As-You-Go')
    expect(offerName('Unheard_2030-01-01')).toBeNull()
    expect(resourceGroupOf('/subscriptions/x/resourcegroups/Web-Prod/providers/Microsoft.Web/sites/a')).toBe('Web-Prod')
    expect(monthOf(Date.parse('2024-02-10T23:00:00Z'))).toEqual({ from: '2024-02-01', to: '2024-02-29' })
  })
})

describe('M365 rules', () => {
  it("reads Graph's statuses in either case, and unknown ones as unknownFutureValue", () => {
    expect(serviceHealthStatus('ServiceRestored')).toBe('serviceRestored')
    expect(serviceHealthStatus('serviceDegradation')).toBe('serviceDegradation')
    expect(serviceHealthStatus('somethingNew')).toBe('unknownFutureValue')
  })

  it('keeps open issues and the ones resolved since a time', () => {
    expect(isRecentIssue({ resolved: false, end: null, lastModified: 1 }, 100)).toBe(true)
    expect(isRecentIssue({ resolved: true, end: 150, lastModified: 150 }, 100)).toBe(true)
    expect(isRecentIssue({ resolved: true, end: 50, lastModified: 60 }, 100)).toBe(false)
  })
})
