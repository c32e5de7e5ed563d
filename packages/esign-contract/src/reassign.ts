import { BooleanString } from './scalars.js'

/**
 * DocuSign's `allowReassign`, a property of the envelope (and of a template, which its envelopes take):
 * whether its signers may hand their part to someone else from the signing page ("Assign to someone
 * else"). DocuSign reads it against the account's setting; this service has no such setting and allows
 * a reassign only when the envelope says `"true"` (docs/decisions.md, "Reassign").
 */
export const AllowReassign = BooleanString(
  'Whether signers may reassign their part to someone else from the signing page; defaults to `false`.',
)
