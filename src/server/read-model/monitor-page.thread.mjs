// A monitor list thread's entry (monitor-pages.ts): the server's TypeScript loaded through tsx, as scripts/start.mjs
// loads the process's. (Under the tsx command, or in the tests, the loader is there already; a second one is harmless.)
import { register } from 'tsx/esm/api'

register()
await import('./monitor-page.thread.ts')
