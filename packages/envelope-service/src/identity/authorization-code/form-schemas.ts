import { Type } from '@sinclair/typebox'

/** Schemas of the sign-in flow's forms: each carries the authorization request's query onwards. */

export const optional = Type.Optional(Type.String({ maxLength: 2048 }))

export const AuthorizeQuery = Type.Object({
  response_type: optional,
  scope: optional,
  client_id: optional,
  redirect_uri: optional,
  state: optional,
  code_challenge: optional,
  code_challenge_method: optional,
})

/** A page's form that posts a ticket (and, for a second step, a code). */
export const TicketForm = Type.Composite([
  AuthorizeQuery,
  Type.Object({ csrf: optional, ticket: optional, code: Type.Optional(Type.String({ maxLength: 64 })) }),
])
