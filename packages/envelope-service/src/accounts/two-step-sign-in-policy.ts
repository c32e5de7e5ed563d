import { Type } from '@sinclair/typebox'
import { type App, NotFoundError } from 'platform'
import type { ServiceContext } from '../context.js'
import { requireSecondStep } from '../identity/revocation.js'
import { findSecondFactorPolicy } from '../identity/second-factor/repository.js'
import { requirePermission } from '../rest/account-scope.js'

const Policy = Type.Object({
  required: Type.Boolean({
    description:
      'Every member signs in with a code from an authenticator app; a member without one sets it up at their next sign-in, and no member can turn it off',
  }),
  membersWithout: Type.Integer({
    description: 'Active members who have not turned two-step sign-in on yet',
  }),
  membersNotSetUp: Type.Array(
    Type.Object({ userId: Type.String(), userName: Type.String(), email: Type.String() }),
    { description: 'The first 100 of them, by name' },
  ),
})
const PolicyUpdate = Type.Object({ required: Type.Boolean() }, { additionalProperties: false })
const ErrorBody = Type.Object({ errorCode: Type.String(), message: Type.String() })
const schemaOf = { tags: ['Two-step sign-in (Inkwell extension)'], security: [{ bearer: [] }] }

/**
 * `/accounts/{accountId}/two_step_sign_in_policy`: whether the account requires two-step sign-in of its
 * members (identity/second-factor/), read and set by its administrators. It applies at each member's
 * next sign-in, and the sessions of members without it end at once (identity/revocation.ts).
 */
export async function twoStepSignInPolicyRoutes(app: App, ctx: ServiceContext) {
  async function policyOf(accountId: string) {
    const policy = await findSecondFactorPolicy(ctx.db, accountId)
    if (!policy) throw new NotFoundError(`Account ${accountId} not found`)
    return policy
  }

  app.get(
    '/two_step_sign_in_policy',
    {
      preHandler: requirePermission('administer'),
      schema: {
        ...schemaOf,
        summary: 'Whether the account requires two-step sign-in, and how many members have not set it up',
        response: { 200: Policy, 403: ErrorBody },
      },
    },
    async (request) => policyOf(request.principal.accountId),
  )

  app.put(
    '/two_step_sign_in_policy',
    {
      preHandler: requirePermission('administer'),
      schema: {
        ...schemaOf,
        summary: 'Require two-step sign-in of every member of the account, or stop requiring it',
        body: PolicyUpdate,
        response: { 200: Policy, 400: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const { accountId, userId } = request.principal
      await requireSecondStep(
        ctx.db,
        { accountId, required: request.body.required, byUserId: userId },
        ctx.now(),
      )
      return policyOf(accountId)
    },
  )
}
