import * as v from 'valibot'

// The answer of an action that has nothing to show but a sentence (a deletion, a mail sent, signed out): `{ message }`,
// shown to the user as it is.

export const Message = v.object({ message: v.string() })
export type Message = v.InferOutput<typeof Message>
