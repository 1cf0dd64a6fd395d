import * as v from 'valibot'
import { plainLine } from './plain-text.ts'
import { BillingFrequency, PlanTitle } from './plan.ts'

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128

const required = (label: string) => `${label} is required.`

export const Email = v.pipe(
  v.string(required('Email')),
  v.trim(),
  v.nonEmpty(required('Email')),
  v.maxLength(254, 'Email must be at most 254 characters.'),
  v.email('Enter a valid email address.'),
  v.toLowerCase(),
)

/** A password a user chooses: registration, reset and change. */
export const NewPassword = v.pipe(
  v.string(required('Password')),
  v.minLength(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`),
  v.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`),
)

// The plan terms chosen at sign-up and when changing plan.
const planTermEntries = {
  plan: PlanTitle,
  billing_frequency: v.optional(BillingFrequency, 'Monthly'),
  is_free_trial: v.optional(v.boolean('is_free_trial must be true or false.'), false),
}
const TRIAL_ONLY_FOR_PRO = 'The free trial is only for the Pro plan.'
const isTrialForPro = <T extends { plan: string; is_free_trial: boolean }>(input: T) =>
  !(input.is_free_trial && input.plan !== 'Pro')

/** A person's display name, as the top bar shows it. */
export const DisplayName = v.pipe(
  v.string(required('Name')),
  v.trim(),
  v.nonEmpty(required('Name')),
  v.maxLength(100, 'Name must be at most 100 characters.'),
  plainLine('Name'),
)

export const RegisterInput = v.pipe(
  v.object({
    name: DisplayName,
    email: Email,
    password: NewPassword,
    ...planTermEntries,
  }),
  v.forward(v.check(isTrialForPro, TRIAL_ONLY_FOR_PRO), ['is_free_trial']),
)
export type RegisterInput = v.InferOutput<typeof RegisterInput>

/** A change of plan from the upgrade or billing page: the same terms as at sign-up. */
export const ChangePlanInput = v.pipe(
  v.object(planTermEntries),
  v.forward(v.check(isTrialForPro, TRIAL_ONLY_FOR_PRO), ['is_free_trial']),
)
export type ChangePlanInput = v.InferOutput<typeof ChangePlanInput>

export const LoginInput = v.object({
  email: Email,
  password: v.pipe(v.string(required('Password')), v.nonEmpty(required('Password')), v.maxLength(PASSWORD_MAX_LENGTH)),
})
export type LoginInput = v.InferOutput<typeof LoginInput>

export const ForgotPasswordInput = v.object({ email: Email })
export type ForgotPasswordInput = v.InferOutput<typeof ForgotPasswordInput>

export const ResetPasswordInput = v.object({
  token: v.pipe(v.string(required('Reset token')), v.nonEmpty(required('Reset token')), v.maxLength(200)),
  password: NewPassword,
})
export type ResetPasswordInput = v.InferOutput<typeof ResetPasswordInput>

/** The password change payload. */
export const PasswordChangeInput = v.object({
  current_password: v.pipe(
    v.string(required('Current password')),
    v.nonEmpty(required('Current password')),
    v.maxLength(PASSWORD_MAX_LENGTH),
  ),
  new_password: v.pipe(
    v.string(required('New password')),
    v.minLength(PASSWORD_MIN_LENGTH, `New password must be at least ${PASSWORD_MIN_LENGTH} characters.`),
    v.maxLength(PASSWORD_MAX_LENGTH, `New password must be at most ${PASSWORD_MAX_LENGTH} characters.`),
  ),
})
export type PasswordChangeInput = v.InferOutput<typeof PasswordChangeInput>

export const User = v.object({
  user_id: v.string(),
  name: v.string(),
  email: v.string(),
  image: v.nullable(v.string()),
  /** Whether the account has opened a link sent to its current address (the app asks until it has). */
  email_confirmed: v.boolean(),
})
export type User = v.InferOutput<typeof User>

export const AuthResult = v.object({ token: v.string(), user: User })
export type AuthResult = v.InferOutput<typeof AuthResult>

/** `GET /api/auth/verify`: the signed-in user, and when the session was found good. */
export const Verified = v.object({ user: User, checked_at: v.string() })
export type Verified = v.InferOutput<typeof Verified>

/** The user after a change of the profile (name, picture, a confirmed address). */
export const OneUser = v.object({ user: User })
export type OneUser = v.InferOutput<typeof OneUser>
