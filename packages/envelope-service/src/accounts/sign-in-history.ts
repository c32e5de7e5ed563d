import { Type } from '@sinclair/typebox'
import type { App } from 'platform'
import type { ServiceContext } from '../context.js'
import { INKWELL_APP_CLIENT_ID } from '../identity/first-party.js'
import { SIGN_IN_METHODS, SIGN_IN_OUTCOMES } from '../identity/sign-in-history/model.js'
import { listSignInEvents } from '../identity/sign-in-history/repository.js'
import { findMemberOrFormer } from '../identity/users/directory.js'
import { requirePermission } from '../rest/account-scope.js'
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
const MemberParams = Type.Object({ accountId: Type.String(), userId: Type.String({ maxLength: 64 }) })
const ErrorBody = Type.Object({ errorCode: Type.String(), message: Type.String() })
const tags = ['Sign-in history (Inkwell extension)']

const shown = (events: Awaited<ReturnType<typeof listSignInEvents>>) => ({
  events: events.map(({ id: _id, userId: _userId, at, ...rest }) => ({
    at: new Date(at).toISOString(),
    ...rest,
  })),
})

/**
 * `GET /accounts/{accountId}/sign_in_history`: the calling person's recent sign-ins and refused attempts
 * (identity/sign-in-history/), newest first, for the web app's Security screen; and
 * `GET /accounts/{accountId}/users/{userId}/sign_in_history`, a member's, for the account's administrators
 * in Settings, limited to what concerns this account.
 */
export async function signInHistoryRoutes(app: App, ctx: ServiceContext) {
  await app.register(async (plugin) => {
    const scope = plugin as App
    scope.addHook('preHandler', onlyThePersonInTheWebApp('The sign-in history is shown'))
    scope.get(
      '/sign_in_history',
      {
        schema: {
          tags,
          summary:
            "The calling user's recent sign-ins and refused attempts, newest first (the newest 100 are kept)",
          security: [{ bearer: [] }],
          querystring: Query,
          response: { 200: History },
        },
      },
      async (request) =>
        shown(await listSignInEvents(ctx.db, request.principal.userId, request.query.count ?? 20)),
    )

    scope.get(
      '/users/:userId/sign_in_history',
      {
        preHandler: requirePermission('administer'),
        schema: {
          tags,
          summary:
            "A member's recent sign-ins and refused attempts, newest first: to the web app and to this account's integration keys (administrators)",
          security: [{ bearer: [] }],
          params: MemberParams,
          querystring: Query,
          response: { 200: History, 403: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => {
        const { accountId } = request.principal
        const { userId } = request.params
        // A former member's too: why someone who left could still sign in is what an administrator asks.
        await findMemberOrFormer(ctx.db, accountId, userId)
        const forAccount = { accountId, webAppClientId: INKWELL_APP_CLIENT_ID }
        return shown(await listSignInEvents(ctx.db, userId, request.query.count ?? 20, forAccount))
      },
    )
  })
}
