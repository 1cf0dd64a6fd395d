import * as v from 'valibot'
import { DisplayName, Email, User } from './auth.schema.ts'
import { patchSchema } from './patch-schema.ts'
import { plural } from './plural.ts'

// The profile page's rules: the name, the picture's kinds and size, a change of email address, and deleting the
// account, with the words each refusal says.

export const ProfileInput = v.object({ name: DisplayName })
/** `PATCH /api/profile`: the name, which a change must give. */
export const ProfilePatch = patchSchema(ProfileInput)
/** An action that takes nothing (removing the picture). */
export const NoInput = v.object({})

/** A picture is at most 1 MB, and a PNG, JPEG or WebP by its bytes (not by what its name or type says). */
export const PICTURE_MAX_BYTES = 1024 * 1024
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const
export const PICTURE_TOO_LARGE = 'The picture is larger than 1 MB: choose a smaller one.'
export const PICTURE_NOT_AN_IMAGE = 'The picture must be a PNG, JPEG or WebP image.'
/** Its kind is right but it does not decode: said by the server, and by the browser's preview before it is sent. */
export const PICTURE_UNREADABLE = 'The picture could not be read: the file may be damaged. Try another one.'

/** What the first bytes of a file say it is, by the formats' signatures; null for anything else. */
export const pictureKind = (bytes: Uint8Array): (typeof PICTURE_TYPES)[number] | null => {
  const at = (offset: number, signature: number[]) => signature.every((b, i) => bytes[offset + i] === b)
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (at(0, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return 'image/webp'
  return null
}

const required = (label: string) => `${label} is required.`
const Password = v.pipe(v.string(required('Password')), v.nonEmpty(required('Password')), v.maxLength(128))

export const EmailChangeInput = v.object({ email: Email, password: Password })
export const EmailConfirmInput = v.object({
  token: v.pipe(v.string(required('Token')), v.nonEmpty(required('Token')), v.maxLength(200)),
})

/** How long a link to confirm a new address works. */
export const EMAIL_CHANGE_TTL_MS = 24 * 3_600_000

export const DELETE_WORD = 'DELETE'
export const DeleteAccountInput = v.object({
  password: Password,
  confirmation: v.pipe(
    v.string(`Type ${DELETE_WORD} to confirm.`),
    v.check((value) => value === DELETE_WORD, `Type ${DELETE_WORD} to confirm.`),
  ),
})

/** What deleting an account removed, for its confirmation. */
export const AccountRemoved = v.object({
  monitors: v.number(),
  status_pages: v.number(),
  integrations: v.number(),
  cloud_accounts: v.number(),
  notifications: v.number(),
})
export type AccountRemoved = v.InferOutput<typeof AccountRemoved>

/** `GET /api/profile`: the user, and the address waiting for its link to be opened (null when none). */
export const ProfileView = v.object({ user: User, pending_email: v.nullable(v.string()) })
export type ProfileView = v.InferOutput<typeof ProfileView>

/** `POST /api/profile/email`: the address a link was sent to, and what to tell the user. */
export const EmailChangeRequested = v.object({ pending_email: v.string(), message: v.string() })
export type EmailChangeRequested = v.InferOutput<typeof EmailChangeRequested>

/** `DELETE /api/profile`: what went with the account. */
export const AccountDeleted = v.object({ removed: AccountRemoved })
export type AccountDeleted = v.InferOutput<typeof AccountDeleted>

/** The picture chosen in the browser, checked before it is sent (the server checks its bytes again). */
export const PictureInput = v.object({
  file: v.pipe(
    v.blob('Choose a picture.'),
    v.mimeType([...PICTURE_TYPES], PICTURE_NOT_AN_IMAGE),
    v.maxSize(PICTURE_MAX_BYTES, PICTURE_TOO_LARGE),
  ),
})

/** The confirmation of a deleted account, saying what went with it. */
export const accountRemovedMessage = (r: AccountRemoved): string =>
  `Your account was deleted, with ${[
    plural(r.monitors, 'monitor', 'monitors'),
    plural(r.status_pages, 'status page', 'status pages'),
    plural(r.integrations, 'integration', 'integrations'),
    plural(r.cloud_accounts, 'cloud account', 'cloud accounts'),
    plural(r.notifications, 'notification', 'notifications'),
  ].join(', ')}.`
