import * as v from 'valibot'

// How an AWS account is connected: an IAM user's access keys, or a role in the customer's account that Vigil
// assumes with an external ID (the safer way: nothing long-lived leaves the customer's account).

const ACCESS_KEY_ID = /^(AKIA|ASIA)[A-Z0-9]{16}$/
const SECRET_ACCESS_KEY = /^[A-Za-z0-9/+]*$/
/** Role names may sit under a path: role/team/VigilReadOnly. */
const ROLE_ARN = /^arn:(aws|aws-cn|aws-us-gov):iam::\d{12}:role\/([\w+=,.@-]+\/)*[\w+=,.@-]{1,64}$/
const EXTERNAL_ID = /^[\w+=,.@:/-]{2,1224}$/

/** One message per field: the first rule it breaks. */
const field = <S extends v.GenericSchema<unknown, string>>(schema: S) => v.config(schema, { abortPipeEarly: true })

export const AwsKeysInput = v.object({
  auth: v.literal('keys'),
  access_key_id: field(
    v.pipe(
      v.string('Access key ID is required.'),
      v.trim(),
      v.nonEmpty('Access key ID is required.'),
      v.regex(
        ACCESS_KEY_ID,
        'An access key ID is 20 capital letters and digits starting with AKIA, such as AKIAIOSFODNN7EXAMPLE.',
      ),
    ),
  ),
  secret_access_key: field(
    v.pipe(
      v.string('Secret access key is required.'),
      v.trim(),
      v.nonEmpty('Secret access key is required.'),
      v.length(40, 'A secret access key is 40 characters long. Copy it again from the CSV file AWS gave you.'),
      v.regex(SECRET_ACCESS_KEY, 'A secret access key holds only letters, digits, + and /.'),
    ),
  ),
})

export const AwsRoleInput = v.object({
  auth: v.literal('role'),
  role_arn: field(
    v.pipe(
      v.string('Role ARN is required.'),
      v.trim(),
      v.nonEmpty('Role ARN is required.'),
      v.regex(ROLE_ARN, 'A role ARN looks like arn:aws:iam::123456789012:role/VigilReadOnly.'),
    ),
  ),
  external_id: field(
    v.pipe(
      v.string('External ID is required.'),
      v.trim(),
      v.nonEmpty('External ID is required.'),
      v.regex(EXTERNAL_ID, 'An external ID is 2 to 1224 characters: letters, digits and + = , . @ : / _ -.'),
    ),
  ),
})

export const AwsCredentialsInput = v.variant('auth', [AwsKeysInput, AwsRoleInput], 'Auth must be keys or role.')
export type AwsCredentialsInput = v.InferOutput<typeof AwsCredentialsInput>
export type AwsKeysInput = v.InferOutput<typeof AwsKeysInput>
export type AwsRoleInput = v.InferOutput<typeof AwsRoleInput>

/** The partition a role lives in (aws, aws-cn, aws-us-gov): its STS endpoint is in that partition. */
export const roleArnPartition = (roleArn: string): string => roleArn.split(':')[1] ?? 'aws'
