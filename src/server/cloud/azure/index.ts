// Azure subscriptions: verify an app registration's access, and sync what Vigil shows of each subscription.
export type { RetryOptions } from './credential.ts'
export { DEFAULT_ARM_URL, DEFAULT_GRAPH_URL } from './endpoints.ts'
export type { Part } from './parts.ts'
export type { SignInProblem } from './sign-in.ts'
export { type AzureSubscriptionSync, type AzureSync, type AzureSyncOptions, syncAzureAccount } from './sync.ts'
export { type AzureClientOptions, type AzureProblem, type AzureVerification, verifyAzureAccount } from './verify.ts'
