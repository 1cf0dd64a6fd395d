import type { LookupAddress } from 'node:dns'
import dns from 'node:dns'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { normalizeHost } from '@vigil/domain/host'
import {
  type AddressKind,
  addressProblem,
  classifyAddress,
  embeddedIPv4,
  policyLookup,
  resolveTarget,
} from '../../../src/server/net/target-policy.ts'

const DENY = { allowPrivate: false }
const ALLOW = { allowPrivate: true }
const HINT = 'Set ALLOW_PRIVATE_TARGETS=true to monitor private networks.'

describe('classifyAddress', () => {
  const table: [string, AddressKind][] = [
    ['8.8.8.8', 'public'],
    ['93.184.216.34', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['10.0.0.5', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['100.127.255.254', 'private'],
    ['100.128.0.1', 'public'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['169.254.1.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['169.254.169.254', 'metadata'],
    ['169.254.170.2', 'metadata'],
    ['169.254.170.23', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['168.63.129.16', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['fd20:ce::254', 'metadata'],
    ['fe80::a9fe:a9fe', 'metadata'],
    // IPv6 forms of an IPv4 address count as that address
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:8.8.8.8', 'public'],
    ['::ffff:0:7f00:1', 'loopback'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::169.254.169.254', 'metadata'],
    ['64:ff9b::a00:5', 'private'],
    ['64:ff9b::808:808', 'public'],
    ['64:ff9b:1::a9fe:a9fe', 'metadata'],
    ['64:ff9b:1::808:808', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:a9fe:a9fe::1', 'metadata'],
    ['2002:808:808::1', 'public'],
    ['::127.0.0.1', 'loopback'],
    ['::8.8.8.8', 'reserved'],
  ]
  it.each(table)('%s is %s', (ip, kind) => expect(classifyAddress(ip).kind).toBe(kind))

  it('names the IPv4 address an IPv6 form stands for', () => {
    expect(embeddedIPv4('::ffff:7f00:1')).toBe('127.0.0.1')
    expect(embeddedIPv4('64:ff9b::a9fe:a9fe')).toBe('169.254.169.254')
    expect(embeddedIPv4('2002:0a00:0005::')).toBe('10.0.0.5')
    expect(embeddedIPv4('2001:db8::1')).toBeNull()
    expect(embeddedIPv4('::1')).toBeNull()
  })
})

describe('addressProblem', () => {
  it('refuses non-public addresses with a sentence naming the kind, unless private targets are allowed', () => {
    expect(addressProblem('10.0.0.5', DENY)).toBe(`Refused: 10.0.0.5 is a private address. ${HINT}`)
    expect(addressProblem('127.0.0.1', DENY)).toBe(`Refused: 127.0.0.1 is a loopback address. ${HINT}`)
    expect(addressProblem('fe80::1', DENY)).toBe(`Refused: fe80::1 is a link-local address. ${HINT}`)
    expect(addressProblem('224.0.0.1', DENY)).toBe(`Refused: 224.0.0.1 is a multicast address. ${HINT}`)
    expect(addressProblem('::ffff:7f00:1', DENY)).toBe(
      `Refused: ::ffff:7f00:1 (which stands for 127.0.0.1) is a loopback address. ${HINT}`,
    )
    for (const ip of ['10.0.0.5', '127.0.0.1', '::1', 'fe80::1', '0.0.0.0', '224.0.0.1', '::ffff:7f00:1'])
      expect(addressProblem(ip, ALLOW)).toBeNull()
    expect(addressProblem('8.8.8.8', DENY)).toBeNull()
  })

  it('always refuses cloud metadata addresses, in every form', () => {
    for (const ip of [
      '169.254.169.254',
      'fd00:ec2::254',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a9fe:a9fe',
      '100.100.100.200',
    ]) {
      const problem = addressProblem(ip, ALLOW)
      expect(problem).toMatch(/^Refused: .* a cloud metadata address, which is never monitored\.$/)
      expect(addressProblem(ip, DENY)).toBe(problem)
    }
  })

  it('names the host that resolved to a refused address', () => {
    expect(addressProblem('127.0.0.1', DENY, 'localhost')).toBe(
      `Refused: localhost resolves to 127.0.0.1, which is a loopback address. ${HINT}`,
    )
  })

  // The numeric forms a resolver accepts reach the checks already dotted (the domain and WHATWG URL
  // normalise them); each must land on the address it means.
  it.each([
    ['2130706433', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['2852039166', '169.254.169.254'],
    ['0xa9.0xfe.0xa9.0xfe', '169.254.169.254'],
    ['0251.0376.0251.0376', '169.254.169.254'],
    ['167772165', '10.0.0.5'],
  ])('%s means %s, through normalizeHost and through URL', (form, dotted) => {
    expect(normalizeHost(form)).toBe(dotted)
    expect(new URL(`http://${form}/`).hostname).toBe(dotted)
    expect(addressProblem(normalizeHost(form), DENY)).not.toBeNull()
  })
})

describe('policyLookup and resolveTarget', () => {
  afterEach(() => vi.restoreAllMocks())

  const lookup = (host: string, policy = DENY, options: dns.LookupOptions = {}) =>
    new Promise<{ err: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number }>((resolve) =>
      policyLookup(policy)(host, options, (err, address, family) => resolve({ err, address, family })),
    )

  it('refuses localhost on its resolved address, and allows it when private targets are allowed', async () => {
    const refused = await lookup('localhost')
    expect(refused.err?.code).toBe('ETARGETREFUSED')
    expect(refused.err?.message).toMatch(
      /^Refused: localhost resolves to (127\.0\.0\.1|::1), which is a loopback address\./,
    )
    const allowed = await lookup('localhost', ALLOW)
    expect(allowed.err).toBeNull()
    expect(['127.0.0.1', '::1']).toContain(allowed.address)
  })

  it('answers a list when asked for all addresses, as happy eyeballs does', async () => {
    const { err, address } = await lookup('localhost', ALLOW, { all: true })
    expect(err).toBeNull()
    expect(Array.isArray(address) && address.length > 0).toBe(true)
  })

  it('keeps only the allowed addresses of a name that resolves to several', async () => {
    const answer = [
      { address: '169.254.169.254', family: 4 },
      { address: '10.0.0.5', family: 4 },
      { address: '93.184.216.34', family: 4 },
    ]
    vi.spyOn(dns, 'lookup').mockImplementation(((_h: string, _o: unknown, cb: (e: null, a: LookupAddress[]) => void) =>
      cb(null, answer)) as never)
    expect((await lookup('mixed.example', DENY, { all: true })).address).toEqual([
      { address: '93.184.216.34', family: 4 },
    ])
    expect((await lookup('mixed.example', ALLOW)).address).toBe('10.0.0.5')
    expect(await resolveTarget('mixed.example', DENY)).toEqual({ address: '93.184.216.34', family: 4 })
  })

  it('refuses a name whose every address is refused, naming the first', async () => {
    vi.spyOn(dns, 'lookup').mockImplementation(((_h: string, _o: unknown, cb: (e: null, a: LookupAddress[]) => void) =>
      cb(null, [{ address: '169.254.169.254', family: 4 }])) as never)
    const { err } = await lookup('metadata.google.internal', ALLOW)
    expect(err?.message).toBe(
      'Refused: metadata.google.internal resolves to 169.254.169.254, which is a cloud metadata address, which is never monitored.',
    )
  })

  it('checks IP literals without asking the resolver', async () => {
    const spy = vi.spyOn(dns, 'lookup')
    expect((await lookup('10.0.0.5')).err?.message).toBe(`Refused: 10.0.0.5 is a private address. ${HINT}`)
    expect((await lookup('127.0.0.1', ALLOW)).address).toBe('127.0.0.1')
    await expect(resolveTarget('::1', DENY)).rejects.toThrow(`Refused: ::1 is a loopback address. ${HINT}`)
    expect(await resolveTarget('::1', ALLOW)).toEqual({ address: '::1', family: 6 })
    await expect(resolveTarget('169.254.169.254', ALLOW)).rejects.toThrow(/cloud metadata address/)
    expect(spy).not.toHaveBeenCalled()
  })

  it('passes resolver errors through', async () => {
    vi.spyOn(dns, 'lookup').mockImplementation(((h: string, _o: unknown, cb: (e: Error) => void) =>
      cb(Object.assign(new Error(`getaddrinfo ENOTFOUND ${h}`), { code: 'ENOTFOUND' }))) as never)
    expect((await lookup('example.invalid')).err?.code).toBe('ENOTFOUND')
    await expect(resolveTarget('example.invalid', ALLOW)).rejects.toMatchObject({ code: 'ENOTFOUND' })
  })
})
