import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { installTestCa } from './support/azure/test-ca.ts'

// Before any test file runs: a CA the loopback cloud servers use, trusted by the workers (which start after this
// and read NODE_EXTRA_CA_CERTS then), and the built front end that browser and start-up tests serve.
export default function setup() {
  buildFrontEnd()
  return installTestCa()
}

const buildFrontEnd = () => {
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
