import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { createCa, issue, type Pem, startTlsServer } from '../../server/checks/certs.ts'
import { startDnsServer, type TestDnsServer } from '../../server/checks/dns-server.ts'
import { startRdapServer } from '../../server/checks/registry-servers.ts'
import { openTestDb, realTimeClock, type TestDb, testConfig } from '../../server/harness.ts'
import type { Env } from '../app/helpers.ts'
import { launchBrowser } from '../browser.ts'
import { startServer } from '../server.ts'

// The world DNS, SSL, domain and blacklist monitors look at, on loopback: an authoritative DNS server (which also
// serves the test blacklist zone bl.test, where 127.0.0.2 is listed), a TLS server whose certificate a test CA
// signed, and an RDAP registry; with the app's server pointed at them and a browser. Set up for a test file.

export interface NetworkWorld {
  env: Env
  dns: TestDnsServer
  tls: Awaited<ReturnType<typeof startTlsServer>>
  rdap: Awaited<ReturnType<typeof startRdapServer>>
  ca: Pem
}

export const setupNetworkWorld = (opts: { certificate: { commonName: string; names: string[]; notAfter: number } }) => {
  const world = { env: { contexts: [] } as unknown as Env } as NetworkWorld
  beforeAll(async () => {
    world.dns = await startDnsServer()
    world.ca = createCa('Vigil Test CA')
    world.tls = await startTlsServer(issue(world.ca, opts.certificate))
    world.rdap = await startRdapServer()
    world.env.db = (await openTestDb('sqlite')) as TestDb
    world.env.server = await startServer(world.env.db, {
      config: {
        allowPrivateTargets: true,
        network: {
          ...testConfig().network,
          dnsServers: [world.dns.address],
          dnsblZones: ['bl.test'],
          rdapBaseUrl: `${world.rdap.base}/`,
          tlsCa: world.ca.cert,
        },
      },
      clock: realTimeClock(),
    })
    world.env.browser = (await launchBrowser()) as Browser
  }, 60_000)
  afterAll(async () => {
    await Promise.all(world.env.contexts.splice(0).map((c) => c.close()))
    await world.env.browser?.close()
    await world.env.server?.close()
    await world.env.db?.drop()
    await world.dns?.close()
    await world.tls?.close()
    await world.rdap?.close()
  })
  return world
}
