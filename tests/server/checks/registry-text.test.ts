import { describe, expect, it } from 'vitest'
import { parseRdapDomain } from '../../../src/server/checks/rdap.ts'
import { parseRegistryDate, RegistryError } from '../../../src/server/checks/registration.ts'
import { parseWhois, referralIn } from '../../../src/server/checks/whois.ts'
import { VERISIGN_NO_MATCH } from './registry-servers.ts'

// What registries write, read without a network: their dates, WHOIS texts and RDAP objects.

const iso = (text: string) => {
  const ms = parseRegistryDate(text)
  return ms === null ? null : new Date(ms).toISOString()
}

describe('registry dates', () => {
  it.each([
    ['2028-08-13T04:00:00Z', '2028-08-13T04:00:00.000Z'],
    ['2028-08-13T04:00:00.0Z', '2028-08-13T04:00:00.000Z'],
    ['2025-03-01T21:00:00+03:00', '2025-03-01T18:00:00.000Z'],
    ['2028-08-13T04:00:00-0500', '2028-08-13T09:00:00.000Z'],
    ['2028-08-13 04:00:00', '2028-08-13T04:00:00.000Z'],
    ['2028.08.13', '2028-08-13T00:00:00.000Z'],
    ['2028/08/13', '2028-08-13T00:00:00.000Z'],
    ['13-aug-2028', '2028-08-13T00:00:00.000Z'],
    ['13-Aug-2028 00:00:00 UTC', '2028-08-13T00:00:00.000Z'],
    ['13.08.2028', '2028-08-13T00:00:00.000Z'],
  ])('reads %s', (text, expected) => expect(iso(text)).toBe(expected))

  it('gives null for what is not a date', () => {
    expect(parseRegistryDate('never')).toBeNull()
    expect(parseRegistryDate('31-foo-2028')).toBeNull()
  })
})

describe('WHOIS texts', () => {
  it.each([
    ['Verisign', VERISIGN_NO_MATCH('nope.com')],
    ['RIPE-style', '% TCI Whois Service.\n\nNo entries found for the selected source(s).\n'],
    ['DENIC', 'Domain: nope.de\nStatus: free\n'],
    ['PIR', 'NOT FOUND\n>>> Last update of WHOIS database: 2026-11-23T06:00:00Z <<<\n'],
    ['Nominet', '\n    No match for "nope.co.uk".\n\n    This domain name has not been registered.\n'],
  ])('sees that %s does not know a domain', (_, text) => expect(parseWhois(text, 'whois.test')).toBeNull())

  it('reads the older "Expiration Date" and "Registrar Registration Expiration Date" forms', () => {
    const registrarStyle = `Domain Name: example.net
Creation Date: 2001-01-01T00:00:00Z
Registrar Registration Expiration Date: 2029-01-01T00:00:00Z
Registrar: Example Registrar, Inc.
Name Server: ns1.example.net
Domain Status: ok https://icann.org/epp#ok`
    expect(parseWhois(registrarStyle, 'whois.test')).toEqual({
      registrar: 'Example Registrar, Inc.',
      registeredAt: Date.UTC(2001, 0, 1),
      expiresAt: Date.UTC(2029, 0, 1),
      nameServers: ['ns1.example.net'],
      status: ['ok'],
    })
    expect(parseWhois('domain: example.xx\nExpiration Date: 05-mar-2030\n', 'whois.test')?.expiresAt).toBe(
      Date.UTC(2030, 2, 5),
    )
  })

  it('says when an answer holds no registration data', () => {
    expect(() => parseWhois('% Rate limit exceeded\nTry again later.\n', 'whois.test')).toThrow(
      new RegistryError('The WHOIS server whois.test gave no registration data: "Try again later.".'),
    )
  })

  it("reads IANA's referral to a TLD's server", () => {
    expect(
      referralIn('% IANA WHOIS server\n\ndomain:       ORG\n\nrefer:        whois.publicinterestregistry.org\n'),
    ).toBe('whois.publicinterestregistry.org')
    expect(referralIn('domain:       XX\nwhois:        whois.nic.xx\n')).toBe('whois.nic.xx')
    expect(referralIn('domain:       XX\n')).toBeNull()
  })
})

describe('RDAP domain objects', () => {
  it('takes the registrar handle when its vCard has no name, and tolerates missing parts', () => {
    expect(
      parseRdapDomain({
        entities: [
          { roles: ['registrant'], handle: 'R1' },
          { roles: ['registrar'], handle: '9999' },
        ],
        events: [{ eventAction: 'expiration', eventDate: 'not a date' }],
      }),
    ).toEqual({ registrar: '9999', registeredAt: null, expiresAt: null, nameServers: [], status: [] })
  })
})
