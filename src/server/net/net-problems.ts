// The sentences of a failed connection or resolution, shared by the checks and the HTTP client.

/** host:port, with IPv6 in brackets. */
export const hostPort = (host: string, port: number) => (host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`)

/** The sentence for a failed connection or resolution (net, dns and the target policy's errors). */
export const networkProblem = (err: unknown, host: string, port?: number): string => {
  const e = err as NodeJS.ErrnoException
  const where = port === undefined ? host : hostPort(host, port)
  switch (e?.code) {
    case 'ETARGETREFUSED':
      return e.message
    case 'ENOTFOUND':
    case 'ENODATA':
      return `The host name ${host} does not resolve.`
    case 'EAI_AGAIN':
      return `The host name ${host} could not be resolved: the DNS server did not answer.`
    case 'ECONNREFUSED':
      return `Connection refused by ${where}.`
    case 'ECONNRESET':
      return `The connection to ${where} was reset.`
    case 'EHOSTUNREACH':
      return `${host} is unreachable (no route to host).`
    case 'ENETUNREACH':
      return `The network of ${host} is unreachable.`
    case 'ETIMEDOUT':
      return `The connection to ${where} timed out.`
    default: {
      const detail = e?.message || e?.code || String(err)
      return `Could not connect to ${where}: ${detail.replace(/\.$/, '')}.`
    }
  }
}
