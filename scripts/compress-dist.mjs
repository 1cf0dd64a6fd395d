// After `vite build`: writes .br and .gz beside each asset (served precompressed, so no request pays for
// compression) and prints the compressed JavaScript each route needs on first load.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const dist = process.argv[2] ?? 'dist'
const assets = join(dist, 'assets')
const brotli = (buf) => brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })

for (const name of readdirSync(assets)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue
  const file = join(assets, name)
  const body = readFileSync(file)
  if (body.length < 1024) continue
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }))
  writeFileSync(`${file}.br`, brotli(body))
}

// The chunk graph from Vite's manifest: a route's first load is the entry, the route's own chunks, and
// everything they import statically.
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'))
const closure = (keys, seen = new Set()) => {
  for (const key of keys) {
    if (seen.has(key)) continue
    seen.add(key)
    closure(manifest[key]?.imports ?? [], seen)
  }
  return seen
}
const keyOf = (src) => Object.keys(manifest).find((k) => k.endsWith(src))
const gz = (key) => gzipSync(readFileSync(join(dist, manifest[key].file)), { level: 9 }).length
const br = (key) => brotli(readFileSync(join(dist, manifest[key].file))).length
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry)

const routes = {
  '/login': ['src/ui/pages/auth/LoginPage.tsx'],
  '/register': ['src/ui/pages/auth/RegisterPage.tsx'],
  '/dashboard': ['src/ui/routes/RequireSession.tsx', 'src/ui/layout/AppLayout.tsx', 'src/ui/pages/DashboardPage.tsx'],
  '/': ['src/ui/pages/LandingPage.tsx'],
  '/services/web-monitoring': [
    'src/ui/routes/RequireSession.tsx',
    'src/ui/layout/AppLayout.tsx',
    'src/ui/pages/monitors/MonitorListPage.tsx',
  ],
  '/web_monitorings/{id}': [
    'src/ui/routes/RequireSession.tsx',
    'src/ui/layout/AppLayout.tsx',
    'src/ui/pages/monitors/MonitorDetailPage.tsx',
  ],
  '/integrations': ['src/ui/layout/AppLayout.tsx', 'src/ui/pages/integrations/IntegrationsPage.tsx'],
  '/status_page': [
    'src/ui/routes/RequireSession.tsx',
    'src/ui/layout/AppLayout.tsx',
    'src/ui/pages/status-pages/StatusPagesPage.tsx',
  ],
  '/services/check_black_list': [
    'src/ui/routes/RequireSession.tsx',
    'src/ui/layout/AppLayout.tsx',
    'src/ui/pages/monitors/CheckBlackListPage.tsx',
  ],
}
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`.padStart(9)
console.log('First load of each route, compressed JavaScript:      brotli      gzip')
for (const [route, sources] of Object.entries(routes)) {
  const keys = [...closure([entry, ...sources.map(keyOf).filter(Boolean)])].filter((k) =>
    manifest[k].file.endsWith('.js'),
  )
  const sum = (size) => keys.reduce((total, k) => total + size(k), 0)
  console.log(`  ${route.padEnd(50)} ${kb(sum(br))} ${kb(sum(gz))}`)
}
