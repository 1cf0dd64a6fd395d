import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { Writable } from 'node:stream'
import * as v from 'valibot'
import { Email, NewPassword } from '@vigil/domain/auth.schema'
import { systemClock } from '../clock.ts'
import { loadConfig } from '../config.ts'
import { openDatabase } from '../db/database.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { buildDeps } from '../deps.ts'
import { silentLogger } from '../logger.ts'
import { accountsService } from '../services/accounts.service.ts'

// `npm run reset-password -- <email>`: sets a new password from the shell, for an operator without SMTP (no reset
// link can reach the user then). The password is asked twice, unseen on a terminal; piped in, two lines are read.

const fail = (message: string): never => {
  process.stderr.write(`${message}\n`)
  process.exit(1)
}

/** Reads the answers to `prompts`, one line each; on a terminal what is typed is not echoed. */
const ask = async (prompts: string[]): Promise<string[]> => {
  const tty = process.stdin.isTTY === true
  let muted = false
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk)
      done()
    },
  })
  const rl = createInterface({ input: process.stdin, output, terminal: tty })
  const lines = rl[Symbol.asyncIterator]()
  const answers: string[] = []
  for (const prompt of prompts) {
    process.stdout.write(prompt)
    muted = tty
    const next = await lines.next()
    muted = false
    if (tty) process.stdout.write('\n')
    if (next.done) break
    answers.push(next.value)
  }
  rl.close()
  return answers
}

const email = v.safeParse(Email, process.argv[2] ?? '')
if (!email.success) fail('Usage: npm run reset-password -- <email of the account>')
const [password = '', again = ''] = await ask(['New password: ', 'Repeat it: '])
const checked = v.safeParse(NewPassword, password)
if (!checked.success) fail(checked.issues[0]?.message ?? 'That password is not allowed.')
if (password !== again) fail('The two passwords differ: nothing was changed.')

const config = loadConfig()
const database = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: join(config.dataDir, 'app.db') })
await migrateToLatest(database)
const deps = buildDeps({ database, config, clock: systemClock, logger: silentLogger })
const changed = await accountsService(deps).setPasswordAsOperator(email.output as string, password)
await database.close()
if (!changed) fail(`No account has the email ${email.output}: nothing was changed.`)
process.stdout.write(
  `The password of ${email.output} is set${changed?.twoFactorOff ? ', two-factor sign-in is turned off' : ''}, and every session of that account is signed out.\n`,
)
