import { AzureAuthorityHosts } from '@azure/identity'

// Where the Azure clients go. Each address comes from an option, else from the environment, else Azure's public
// cloud: AZURE_AUTHORITY_HOST is @azure/identity's own setting (read by the library itself when no option is
// given), AZURE_RESOURCE_MANAGER_URL and MS_GRAPH_URL are ours. Sovereign clouds and tests use the same settings.

export interface AzureEndpointOptions {
  /** The identity platform, such as https://login.microsoftonline.us. */
  authorityHost?: string
  /** Resource Manager, such as https://management.usgovcloudapi.net. */
  armUrl?: string
  /** Microsoft Graph's versioned base, such as https://graph.microsoft.us/v1.0. */
  graphUrl?: string
}

export const DEFAULT_ARM_URL = 'https://management.azure.com'
export const DEFAULT_GRAPH_URL = 'https://graph.microsoft.com/v1.0'

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '')

const httpsUrl = (value: string, setting: string): string => {
  const url = new URL(value)
  if (url.protocol !== 'https:') throw new Error(`${setting} must be an https:// address.`)
  return withoutTrailingSlash(url.href)
}

/** The authority host in effect: the option, AZURE_AUTHORITY_HOST, or the public cloud's. */
export const authorityHostOf = (opts: AzureEndpointOptions = {}): string =>
  withoutTrailingSlash(opts.authorityHost ?? process.env.AZURE_AUTHORITY_HOST ?? AzureAuthorityHosts.AzurePublicCloud)

/**
 * Whether MSAL knows the host's metadata. For any other host (Azure Stack, a proxy, tests) instance discovery
 * would ask login.microsoftonline.com to vouch for it and fail, so it is turned off: the operator chose the host.
 */
export const isMicrosoftAuthority = (host: string): boolean =>
  /^https:\/\/(login\.microsoftonline\.(com|us|de)|login\.microsoft\.com|login\.windows\.net|login\.chinacloudapi\.cn|login\.partner\.microsoftonline\.cn|login\.sovcloud-identity\.(fr|de|sg))$/i.test(
    withoutTrailingSlash(host),
  )

export const armUrlOf = (opts: AzureEndpointOptions = {}): string =>
  httpsUrl(opts.armUrl ?? process.env.AZURE_RESOURCE_MANAGER_URL ?? DEFAULT_ARM_URL, 'AZURE_RESOURCE_MANAGER_URL')

export const graphUrlOf = (opts: AzureEndpointOptions = {}): string =>
  httpsUrl(opts.graphUrl ?? process.env.MS_GRAPH_URL ?? DEFAULT_GRAPH_URL, 'MS_GRAPH_URL')

/** The scope a token for `url`'s service is asked with: its origin and /.default (the service's audience). */
export const scopeFor = (url: string): string => `${new URL(url).origin}/.default`
