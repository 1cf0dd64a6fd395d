import { verifyPassword } from '../auth/password-hash.ts'
import type { Repos } from '../db/repos/index.ts'
import type { UserRow } from '../db/repos/users.repo.ts'
import { Failure, notFound } from '../errors.ts'

// The checks the account's own pages (profile, security, support) start from: the signed-in user's row, and the
// password asked again before a change that matters.

const WRONG_PASSWORD = 'The password is incorrect.'

/** The user's row; a session whose user is gone is answered as not found. */
export const userOf = async (repos: Pick<Repos, 'users'>, userId: string): Promise<UserRow> => {
  const user = await repos.users.findById(userId)
  if (!user) throw notFound('User')
  return user
}

/** The user's row when `password` is theirs; otherwise a 400 on the password field. */
export const checkPassword = async (repos: Pick<Repos, 'users'>, userId: string, password: string) => {
  const user = await userOf(repos, userId)
  if (!(await verifyPassword(password, user.password_hash)))
    throw new Failure('invalid', WRONG_PASSWORD, { password: WRONG_PASSWORD })
  return user
}
