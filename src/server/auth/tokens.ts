import { createHash, randomBytes } from 'node:crypto'

/** A bearer secret: 256 random bits. Only its SHA-256 is stored, so a leaked table opens no session. */
export const newToken = (): string => randomBytes(32).toString('base64url')

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex')
