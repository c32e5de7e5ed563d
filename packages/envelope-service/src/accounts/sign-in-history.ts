import { Type } from '@sinclair/typebox'
import type { App } from 'platform'
import type { ServiceContext } from '../context.js'
import { SIGN_IN_METHODS, SIGN_IN_OUTCOMES } from '../identity/sign-in-history/model.js'
import { listSignInEvents } from '../identity/sign-in-history/repository.js'
import { onlyThePersonInTheWebApp } from './web-app-only.js'

const SignInEvent = Type.Object({
  at: Type.String({ description: 'ISO 8601 UTC' }),
  outcome: Type.Union(
    SIGN_IN_OUTCOMES.map((value) => Type.Literal(value)),
    { description: 'locked: refused while too many wrong attempts lock the sign-in' },
  ),
  method: Type.Optional(
    Type.Union(
      SIGN_IN_METHODS.map((value) => Type.Literal(value)),
      { description: 'How a sign-in passed; password-and-new-code: two-step sign-in set up on the way' },
    ),
  ),
  clientId: Type.Optional(Type.String({ description: 'The integration key signed in to' })),
  ip: Type.Optional(Type.String()),
  userAgent: Type.Optional(Type.String()),
})
const History = Type.Object({ events: Type.Array(SignInEvent) })
const Query = Type.Object({ count: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })) })

/**
 * `GET /accounts/{accountId}/sign_in_history`: the calling person's recent sign-ins and refused attempts
 * (identity/sign-in-history/), newest first, for the web app's Security screen.
 */
export async function signInHistoryRoutes(app: App, ctx: ServiceContext) {
  await app.register(async (plugin) => {
    const scope = plugin as App
    scope.addHook('preHandler', onlyThePersonInTheWebApp('The sign-in history is shown'))
    scope.get(
      '/sign_in_history',
      {
        schema: {
          tags: ['Sign-in history (Inkwell extension)'],
          summary:
            "The calling user's recent sign-ins and refused attempts, newest first (the newest 100 are kept)",
          security: [{ bearer: [] }],
          querystring: Query,
          response: { 200: History },
        },
      },
      async (request) => {
        const events = await listSignInEvents(ctx.db, request.principal.userId, request.query.count ?? 20)
        return {
          events: events.map(({ id: _id, userId: _userId, at, ...rest }) => ({
            at: new Date(at).toISOString(),
            ...rest,
          })),
        }
      },
    )
  })
}
