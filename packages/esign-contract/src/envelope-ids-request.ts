import { type Static, Type } from '@sinclair/typebox'

/** `envelopeIdsRequest`: the body of `PUT /envelopes/status` when `envelope_ids=request_body`. */
export const EnvelopeIdsRequest = Type.Object({
  envelopeIds: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 1000 })),
  transactionIds: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 1000 })),
})
export type EnvelopeIdsRequest = Static<typeof EnvelopeIdsRequest>
