// `npm start`: builds the front end when it has not been built yet, then serves app and API in this process.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'

const staticDir = resolve(process.env.STATIC_DIR || 'dist')
if (!existsSync(resolve(staticDir, 'index.html'))) {
  console.log('Building the front end (first start only)...')
  const { status } = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' })
  if (status !== 0) process.exit(status ?? 1)
}
// Node runs the server's TypeScript itself (type stripping): no loader in production.
await import('../src/server/main.ts')
