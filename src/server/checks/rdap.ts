import { httpRequest } from '../net/http-client.ts'
import { hostName, parseRegistryDate, type Registration, RegistryError, untilAborted } from './registration.ts'

// RDAP (RFC 9083): a registry's JSON about a domain. Which registry serves a TLD comes from IANA's bootstrap
// file (RFC 9224), fetched once a day and shared by every check.

const BODY_CAP = 1024 * 1024
const BOOTSTRAP_CAP = 4 * 1024 * 1024
const BOOTSTRAP_TTL_MS = 24 * 3600 * 1000
// A shared fetch has its own time limit: the check that started it may stop waiting earlier.
const BOOTSTRAP_TIMEOUT_MS = 30_000

/** A response body as text, at most `cap` bytes (a larger one is an error: it is not a registry's JSON). */
const fetchText = async (url: string, accept: string, cap: number, signal: AbortSignal) => {
  const result = await httpRequest({
    url: new URL(url),
    method: 'GET',
    headers: { accept, 'user-agent': 'Vigil-Monitor/1.0', 'accept-encoding': 'gzip, br' },
    // A registry is IANA's or the operator's choice (RDAP_BASE_URL): no target policy applies.
    policy: null,
    maxRedirects: 5,
    bodyCap: cap,
    keepBody: true,
    verifyTls: true,
    // The signal carries the deadline (the check's, or the shared bootstrap fetch's own).
    deadline: Number.POSITIVE_INFINITY,
    seconds: 0,
    signal,
  })
  if ('response' in result) {
    if (result.response.truncated)
      throw new RegistryError(`The answer of ${url} is larger than ${cap / 1024 / 1024} MiB.`)
    return { status: result.response.status, text: result.response.body }
  }
  if (result.cancelled) throw signal.reason
  throw Object.assign(new Error(result.failure), { cause: { code: result.code, message: result.failure } })
}

/** Why a request to `url` failed, in a sentence. */
const requestProblem = (err: unknown, what: string, seconds: number): Error => {
  if (err instanceof RegistryError) return err
  const e = err as Error & { cause?: NodeJS.ErrnoException }
  if (e?.name === 'TimeoutError') return new RegistryError(`${what} did not answer within ${seconds} s.`)
  if (e?.name === 'AbortError') return e // the check was cancelled
  const reason = e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(err)
  return new RegistryError(`${what} could not be reached: ${reason.replace(/\.$/, '')}.`)
}

type Services = [string[], string[]][]
const bootstraps = new Map<string, { at: number; services: Promise<Services> }>()

const loadBootstrap = async (url: string): Promise<Services> => {
  let answer: { status: number; text: string }
  try {
    answer = await fetchText(url, 'application/json', BOOTSTRAP_CAP, AbortSignal.timeout(BOOTSTRAP_TIMEOUT_MS))
  } catch (err) {
    throw requestProblem(err, `The RDAP bootstrap ${url}`, BOOTSTRAP_TIMEOUT_MS / 1000)
  }
  if (answer.status !== 200) throw new RegistryError(`The RDAP bootstrap ${url} answered ${answer.status}.`)
  try {
    const services = (JSON.parse(answer.text) as { services?: unknown }).services
    if (!Array.isArray(services)) throw new Error('no services')
    return services.filter((s): s is [string[], string[]] => Array.isArray(s?.[0]) && Array.isArray(s?.[1]))
  } catch {
    throw new RegistryError(`The RDAP bootstrap ${url} is not a bootstrap file (RFC 9224).`)
  }
}

/** The bootstrap's services, from memory for a day; concurrent checks share one fetch, a failure is not kept. */
const bootstrap = (url: string): Promise<Services> => {
  const cached = bootstraps.get(url)
  if (cached && Date.now() - cached.at < BOOTSTRAP_TTL_MS) return cached.services
  const services = loadBootstrap(url)
  bootstraps.set(url, { at: Date.now(), services })
  services.catch(() => {
    if (bootstraps.get(url)?.services === services) bootstraps.delete(url)
  })
  return services
}

/**
 * The RDAP base URL (ending in '/') for a domain: the service whose entry is the longest suffix of its
 * labels (RFC 9224 section 4), https preferred; null when no service has it.
 */
export const rdapBaseFor = async (
  domain: string,
  bootstrapUrl: string,
  signal: AbortSignal,
  seconds: number,
): Promise<string | null> => {
  let services: Services
  try {
    services = await untilAborted(bootstrap(bootstrapUrl), signal)
  } catch (err) {
    throw requestProblem(err, `The RDAP bootstrap ${bootstrapUrl}`, seconds)
  }
  const labels = domain.toLowerCase().split('.')
  for (let i = 1; i < labels.length; i++) {
    const suffix = labels.slice(i).join('.')
    const service = services.find(([entries]) => entries.some((e) => String(e).toLowerCase() === suffix))
    if (!service) continue
    const urls = service[1].map(String)
    const url = urls.find((u) => u.startsWith('https://')) ?? urls[0]
    if (url) return url.endsWith('/') ? url : `${url}/`
  }
  return null
}

interface RdapEntity {
  roles?: string[]
  handle?: string
  vcardArray?: [string, [string, unknown, string, unknown][]]
}
interface RdapDomain {
  events?: { eventAction?: string; eventDate?: string }[]
  entities?: RdapEntity[]
  nameservers?: { ldhName?: string }[]
  status?: string[]
}

const eventDate = (doc: RdapDomain, action: string) => {
  const date = doc.events?.find((e) => e.eventAction === action)?.eventDate
  return typeof date === 'string' ? parseRegistryDate(date) : null
}

const registrarOf = (doc: RdapDomain): string | null => {
  const entity = doc.entities?.find((e) => Array.isArray(e.roles) && e.roles.includes('registrar'))
  if (!entity) return null
  const fn = entity.vcardArray?.[1]?.find((property) => Array.isArray(property) && property[0] === 'fn')?.[3]
  if (typeof fn === 'string' && fn.trim() !== '') return fn.trim()
  return typeof entity.handle === 'string' ? entity.handle : null
}

/** The registration in an RDAP domain object. */
export const parseRdapDomain = (doc: RdapDomain): Registration => ({
  registrar: registrarOf(doc),
  registeredAt: eventDate(doc, 'registration'),
  expiresAt: eventDate(doc, 'expiration'),
  nameServers: [
    ...new Set(
      (doc.nameservers ?? [])
        .map((ns) => ns.ldhName)
        .filter((n): n is string => typeof n === 'string')
        .map(hostName),
    ),
  ],
  status: Array.isArray(doc.status) ? doc.status.map(String) : [],
})

/** Asks `${base}domain/${domain}`: the registration, or null when the registry does not know the domain (404). */
export const rdapLookup = async (url: string, signal: AbortSignal, seconds: number): Promise<Registration | null> => {
  const where = `The RDAP server ${new URL(url).host}`
  let answer: { status: number; text: string }
  try {
    answer = await fetchText(url, 'application/rdap+json, application/json', BODY_CAP, signal)
  } catch (err) {
    throw requestProblem(err, where, seconds)
  }
  if (answer.status === 404) return null
  if (answer.status === 429) throw new RegistryError(`${where} limits queries (429 Too Many Requests).`)
  if (answer.status !== 200) throw new RegistryError(`${where} answered ${answer.status}.`)
  let doc: unknown
  try {
    doc = JSON.parse(answer.text)
  } catch {
    throw new RegistryError(`${where} answered with something other than JSON.`)
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc))
    throw new RegistryError(`${where} answered with JSON that is not a domain.`)
  return parseRdapDomain(doc as RdapDomain)
}
