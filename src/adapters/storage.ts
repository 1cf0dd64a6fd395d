// The locally stored items, with exactly these keys.
export const STORAGE_KEYS = {
  token: 'authToken',
  name: 'Name',
  image: 'UserImage',
  userId: 'UserId',
  userData: 'userData',
  isAuthenticated: 'isAuthenticated',
} as const

// The app's own preferences, kept in this browser beside the spec's items (and kept by a logout: they are the
// device's, not the account's).
export const PREFERENCE_KEYS = { sidebarCollapsed: 'sidebarCollapsed' } as const

export const store = () => (typeof localStorage === 'undefined' ? undefined : localStorage)

// The spec's two readings of the token: local storage `authToken` here, and the `token` cookie (path '/'),
// which the server sets HttpOnly on sign-in and clears on logout, so that no script can read or steal it.
export const readToken = (): string | null => store()?.getItem(STORAGE_KEYS.token) ?? null

export const storeToken = (token: string) => {
  store()?.setItem(STORAGE_KEYS.token, token)
  store()?.setItem(STORAGE_KEYS.isAuthenticated, 'true')
}

export const removeToken = () => {
  store()?.removeItem(STORAGE_KEYS.token)
  store()?.setItem(STORAGE_KEYS.isAuthenticated, 'false')
}

export const storedAuthFlag = (): string | null => store()?.getItem(STORAGE_KEYS.isAuthenticated) ?? null

export const storedName = (): string | null => store()?.getItem(STORAGE_KEYS.name) || null
export const storedImage = (): string | null => store()?.getItem(STORAGE_KEYS.image) || null
export const storedUserId = (): string | null => store()?.getItem(STORAGE_KEYS.userId) || null

// The top bar shows the stored name and picture; a profile change tells it to read them again.
const userListeners = new Set<() => void>()
/** Subscribes to changes of the stored name and picture (for useSyncExternalStore); returns the unsubscribe. */
export const onStoredUserChange = (listener: () => void) => {
  userListeners.add(listener)
  return () => {
    userListeners.delete(listener)
  }
}
export const storedUserChanged = () => {
  for (const listener of userListeners) listener()
}

/** Whether the user left the wide-screen sidebar collapsed. */
export const storedSidebarCollapsed = (): boolean => store()?.getItem(PREFERENCE_KEYS.sidebarCollapsed) === 'true'
export const storeSidebarCollapsed = (collapsed: boolean) => {
  try {
    store()?.setItem(PREFERENCE_KEYS.sidebarCollapsed, String(collapsed))
  } catch {
    // Storage full or refused (a private window): the sidebar still works, it is only not remembered.
  }
}

export const clearName = () => store()?.removeItem(STORAGE_KEYS.name)
export const clearImage = () => store()?.removeItem(STORAGE_KEYS.image)

/** The layout's logout: the token, and the stored name, user id and user data. */
export const clearStoredItems = () => {
  removeToken()
  const s = store()
  for (const key of [STORAGE_KEYS.name, STORAGE_KEYS.userId, STORAGE_KEYS.userData, STORAGE_KEYS.image])
    s?.removeItem(key)
}
