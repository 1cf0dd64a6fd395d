// What each page whose content a later release builds will hold, so no route shows a blank page.
export interface FeatureInfo {
  title: string
  summary: string
  /** The navigation label whose plan access guards this page, if any. */
  feature?: string
}

export const FEATURES: Record<string, FeatureInfo> = {
  web: {
    title: 'Website Monitoring',
    summary: 'Watch websites for uptime, status codes, keywords and response time, checked on your schedule.',
    feature: 'Website Monitoring',
  },
  api: {
    title: 'API Monitoring',
    summary: 'Call your APIs with the method, headers and body you choose, and assert on status, JSON and headers.',
    feature: 'API Monitoring',
  },
  dns: {
    title: 'DNS Monitoring',
    summary: 'Check A, AAAA, CNAME, MX, NS, TXT, SOA, CAA and SRV records, and hear when an answer changes.',
    feature: 'DNS Monitoring',
  },
  ssl: {
    title: 'SSL Monitoring',
    summary: 'Know when a certificate is about to expire, is invalid, or does not match its host name.',
    feature: 'SSL Monitoring',
  },
  domain: {
    title: 'Domain Monitoring',
    summary: 'Track domain registration expiry, registrar, name servers and status through RDAP and WHOIS.',
    feature: 'Domain Monitoring',
  },
  port: {
    title: 'Port Monitoring',
    summary: 'Check that TCP ports on your hosts accept connections, and how fast.',
    feature: 'Port Monitoring',
  },
  ping: {
    title: 'Ping Monitoring',
    summary: 'Ping hosts for reachability, packet loss and round-trip time.',
    feature: 'Ping Monitoring',
  },
  blacklist: {
    title: 'Check Black List',
    summary: 'Check an IP address or domain against DNS blacklists, once or on a schedule.',
    feature: 'Check Black List',
  },
  aws: {
    title: 'AWS Monitoring',
    summary: 'Connect AWS accounts to follow billing, EC2, RDS, Amplify, Lightsail and other services.',
    feature: 'AWS Monitoring',
  },
  azure: {
    title: 'Azure Monitoring',
    summary: 'Connect Azure accounts to follow their services, billing and subscriptions.',
    feature: 'Azure Monitoring',
  },
  m365: {
    title: 'Microsoft 365',
    summary: 'Connect Microsoft 365 tenants to follow the health of their services.',
    feature: 'Microsoft 365',
  },
  reporting: {
    title: 'Reporting',
    summary: 'Uptime and response-time reports over any period, ready to share.',
    feature: 'Reporting',
  },
  support: { title: 'Support', summary: 'Ask for help and follow your support requests.', feature: 'Support' },
  security: {
    title: 'Security',
    summary: 'Manage your password and sessions. Change your password from the profile menu at the top right.',
    feature: 'Security',
  },
}
