import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { LogoUrl, logoOrigin } from '@vigil/domain/logo-url'

// A status page's logo URL goes into the page's Content-Security-Policy as an origin: only an https URL with a plain
// host name may, so that nothing the owner types can widen or add to the policy (issue 35, point 2).

const HTTPS = 'The logo URL must start with https://.'
const HOST =
  'The logo URL needs a plain host name, such as cdn.example.com: no *, space, quote, comma, semicolon or bracket.'
const CREDENTIALS = 'The logo URL cannot hold a user name or password.'
const WHOLE = 'Enter the logo’s full address, such as https://cdn.example.com/logo.png.'

describe('a status page logo URL', () => {
  it.each([
    ['https://cdn.example.com/acme/logo.png', 'https://cdn.example.com'],
    ['  https://cdn.example.com/l.png  ', 'https://cdn.example.com'],
    ['HTTPS://CDN.Example.com/Logo.PNG', 'https://cdn.example.com'],
    ['https://cdn.example.com:8443/l.png?v=2#x', 'https://cdn.example.com:8443'],
    ['https://cdn.example.com:443/l.png', 'https://cdn.example.com'],
    ['https://bücher.example/l.png', 'https://xn--bcher-kva.example'],
    ['https://localhost/l.png', 'https://localhost'],
    ['https://cdn.example.com/a(1)/logo%20final.png', 'https://cdn.example.com'],
  ])('takes %j, whose origin is %s', (input, origin) => {
    const url = v.parse(LogoUrl, input)
    expect(url).toBe(input.trim())
    expect(logoOrigin(url)).toBe(origin)
  })

  it.each([
    ['http://cdn.example.com/l.png', HTTPS],
    ['javascript:alert(1)', HTTPS],
    ['data:image/png;base64,AAAA', HTTPS],
    ['//cdn.example.com/l.png', HTTPS],
    ['', HTTPS],
    ['https://', WHOLE],
    ['https://*/x.png', HOST],
    ['https://*.example.com/x.png', HOST],
    ['https://a.example;sandbox/x.png', HOST],
    ['https://a.example;script-src *;/x.png', HOST],
    ['https://a.example,b.example/x.png', HOST],
    ["https://a.example'unsafe-inline'/x.png", HOST],
    ['https://a.example"/x.png', HOST],
    ['https://a(b).example/x.png', HOST],
    ['https://a.example%3Bsandbox/x.png', HOST],
    ['https://a.example./x.png', HOST],
    ['https://-a.example/x.png', HOST],
    ['https://127.0.0.1/x.png', HOST],
    ['https://[::1]/x.png', HOST],
    ['https://a b.example/x.png', HOST],
    ['https://cdn.example.com:99999/l.png', WHOLE],
    ['https://user:secret@cdn.example.com/l.png', CREDENTIALS],
    ['https://user@cdn.example.com/l.png', CREDENTIALS],
    ['https://@cdn.example.com/l.png', CREDENTIALS],
    [42, 'The logo URL must be text.'],
  ])('refuses %j: %s', (input, message) => {
    const result = v.safeParse(LogoUrl, input)
    expect(result.success).toBe(false)
    expect(result.issues?.[0]?.message).toBe(message)
    if (typeof input === 'string') expect(logoOrigin(input)).toBeNull()
  })

  it('refuses one longer than 2048 characters', () => {
    const result = v.safeParse(LogoUrl, `https://cdn.example.com/${'x'.repeat(2048)}`)
    expect(result.issues?.[0]?.message).toBe('The logo URL must be at most 2048 characters.')
  })

  it('gives no origin for no logo', () => {
    expect(logoOrigin(null)).toBeNull()
  })
})
