export type { Deps } from '../services/deps.ts'

export interface Session {
  userId: string
  tokenHash: string
}

export type AppEnv = { Variables: { session: Session } }
