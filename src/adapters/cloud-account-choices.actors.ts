import * as v from 'valibot'
import { fromPromise } from 'xstate'
import { AwsAccount } from '../domain/aws-account.ts'
import { loadMachine } from '../machines/load.machine.ts'
import { call } from './api.ts'

// The user's connected AWS accounts, read once: the choices of an AWS monitor's form. Apart from the accounts'
// pages, so the monitor form loads only this.

const AccountList = v.object({ accounts: v.array(AwsAccount) })
export type AwsAccountChoices = v.InferOutput<typeof AccountList>

export const awsAccountChoicesLogic = () =>
  loadMachine<AwsAccountChoices>().provide({ actors: { fetch: fromPromise(() => call(AccountList, 'aws/accounts')) } })
