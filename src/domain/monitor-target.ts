import { DEFAULTS, type MonitorInput } from './monitor.schema.ts'

const hostPort = (host: string, port: number) => `${host.includes(':') ? `[${host}]` : host}:${port}`

/** What a monitor watches, in one line: its URL, host:port, host, host name, domain or address. */
export const monitorTarget = (monitor: MonitorInput): string => {
  switch (monitor.type) {
    case 'web':
    case 'api':
      return monitor.url
    case 'port':
      return hostPort(monitor.host, monitor.port)
    case 'ping':
      return monitor.host
    case 'dns':
      return `${monitor.hostname} ${monitor.record_type}`
    case 'ssl':
      return monitor.port === DEFAULTS.tls_port ? monitor.host : hostPort(monitor.host, monitor.port)
    case 'domain':
      return monitor.domain
    case 'blacklist':
      return monitor.target
  }
}
