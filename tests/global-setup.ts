import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'

// Browser and start-up tests serve the built front end; build it once, before any test file runs.
export default function setup() {
  const root = resolve(import.meta.dirname, '..')
  if (existsSync(resolve(root, 'dist/index.html'))) return
  const { status } = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' })
  if (status !== 0) throw new Error('npm run build failed')
}
