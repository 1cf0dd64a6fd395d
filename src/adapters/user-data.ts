import type { User } from '@vigil/domain/auth.schema'
import { decodeUserData, encodeUserData, IV_LENGTH } from '@vigil/domain/storage-codec'
import { STORAGE_KEYS, store, storedUserChanged } from './storage.ts'

// The encrypted `userData` item lives apart from storage.ts so that pages which never read it do not load
// the cipher code.

/** After sign-in or a profile change: name, image, user id and the encrypted user data. */
export const storeUser = (user: User) => {
  const s = store()
  if (!s) return
  s.setItem(STORAGE_KEYS.name, user.name)
  if (user.image) s.setItem(STORAGE_KEYS.image, user.image)
  else s.removeItem(STORAGE_KEYS.image)
  s.setItem(STORAGE_KEYS.userId, user.user_id)
  s.setItem(STORAGE_KEYS.userData, encodeUserData(user, crypto.getRandomValues(new Uint8Array(IV_LENGTH))))
  storedUserChanged()
}

/** The decrypted user details; null when missing, empty or undecryptable. */
export const storedUser = (): User | null => decodeUserData<User>(store()?.getItem(STORAGE_KEYS.userData))
