import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'

// Browser and start-up tests serve the built front end; build it once, before any test file runs.
export default function setup() {
  const root = resolve(import.meta.dirname, '..')
  if (existsSync(resolve(root, 'dist/index.html'))) return
  // A production build, as `npm start` serves: vitest runs with NODE_ENV=test, and Vite would keep React's
  // development build (a third larger and slower) if the child inherited it.
  const { status } = spawnSync('npm', ['run', 'build', '--silent'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (status !== 0) throw new Error('npm run build failed')
}
