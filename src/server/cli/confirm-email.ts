import { join } from 'node:path'
import * as v from 'valibot'
import { Email } from '@vigil/domain/auth.schema'
import { systemClock } from '../clock.ts'
import { loadConfig } from '../config.ts'
import { openDatabase } from '../db/database.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { buildDeps } from '../deps.ts'
import { silentLogger } from '../logger.ts'
import { emailConfirmationService } from '../services/email-confirmation.service.ts'

// `npm run confirm-email -- <email>`: confirms an account's address from the shell, for an operator without SMTP
// (no link can reach the user then). A confirmed address in ADMIN_EMAILS makes its account an operator, so this
// prints who the account is: check it is the person you mean before trusting it.

const fail = (message: string): never => {
  process.stderr.write(`${message}\n`)
  process.exit(1)
}

const email = v.safeParse(Email, process.argv[2] ?? '')
if (!email.success) fail('Usage: npm run confirm-email -- <email of the account>')
const address = email.output as string

const config = loadConfig()
const database = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: join(config.dataDir, 'app.db') })
await migrateToLatest(database)
const deps = buildDeps({ database, config, clock: systemClock, logger: silentLogger })
const done = await emailConfirmationService(deps).confirmAsOperator(address)
await database.close()
if (!done) fail(`No account has the email ${address}: nothing was changed.`)
else {
  const who = `${done.user.name}, signed up ${new Date(done.user.created_at).toISOString().slice(0, 10)}`
  const operator = config.adminEmails.includes(address)
    ? ' It is in ADMIN_EMAILS: this account is an operator now.'
    : ''
  process.stdout.write(
    done.already
      ? `The address ${address} (${who}) was confirmed already: nothing was changed.\n`
      : `The address ${address} (${who}) is confirmed.${operator}\n`,
  )
}
