import { Type } from '@sinclair/typebox'
import type { App } from 'platform'
import type { ServiceContext } from '../context.js'
import { pickLocale } from '../identity/pages/messages.js'
import { findUser } from '../identity/repository.js'
import { closeUsers, getUser, inviteUsers, listUsers, USER_PAGE_SIZE } from '../identity/users/directory.js'
import { OUTBOX_TOPICS } from '../outbox/topics.js'
import { requirePermission } from '../rest/account-scope.js'
import { userIdsInGroups } from './groups/service.js'
import {
  changeUserPermissions,
  clearPermissionProfile,
  withPermissionProfiles,
} from './permission-profiles/service.js'

const Flag = Type.String({ description: '"true" or "false"' })
const UserSettings = Type.Object(
  {
    canSendEnvelope: Type.Optional(Flag),
    canManageTemplates: Type.Optional(Flag),
    canManageAccount: Type.Optional(Flag),
  },
  { description: "DocuSign's userSettingsInformation, the three settings this service has" },
)
const PermissionFields = {
  permissionProfileName: Type.Optional(
    Type.String({ description: 'Account Administrator, DocuSign Sender or DocuSign Viewer' }),
  ),
  isAdmin: Type.Optional(Flag),
  userSettings: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
}
const UserInformation = Type.Object({
  userId: Type.String(),
  userName: Type.String(),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  userStatus: Type.String({
    description:
      'Active; ActivationSent until the invited user chooses a password; Closed for a former member (deactivated)',
  }),
  isAdmin: Type.String(),
  permissionProfileId: Type.String({ description: 'The permission profile the user holds' }),
  permissionProfileName: Type.String(),
  userSettings: UserSettings,
  createdDateTime: Type.String(),
  uri: Type.String(),
})
const ErrorDetails = Type.Object({ errorCode: Type.String(), message: Type.String() })
const tags = ['Users']
const security = [{ bearer: [] }]
const UserParams = Type.Object({ accountId: Type.String(), userId: Type.String({ maxLength: 64 }) })

/** DocuSign's Users API (subset): list, get, invite, change permissions, close. */
export async function userRoutes(app: App, ctx: ServiceContext) {
  const accountUri = (accountId: string) => `/v2.1/accounts/${accountId}`
  const admin = { preHandler: requirePermission('administer') }
  const shownUser = async (accountId: string, userId: string) => {
    const [user] = await withPermissionProfiles(ctx.db, accountId, [
      await getUser(ctx.db, accountId, userId, accountUri(accountId)),
    ])
    return user as NonNullable<typeof user>
  }

  app.get(
    '/users',
    {
      schema: {
        tags,
        summary: "List the account's users",
        security,
        querystring: Type.Object({
          email: Type.Optional(Type.String({ maxLength: 320, description: 'Only the user with this email' })),
          email_substring: Type.Optional(
            Type.String({ maxLength: 320, description: 'Users whose email contains this (any case)' }),
          ),
          user_name_substring: Type.Optional(
            Type.String({ maxLength: 200, description: 'Users whose name contains this (any case)' }),
          ),
          status: Type.Optional(
            Type.String({
              maxLength: 200,
              description:
                'Comma-separated userStatus values: Active, ActivationSent, Closed (former members, listed only when asked for)',
            }),
          ),
          group_id: Type.Optional(
            Type.String({ maxLength: 2000, description: 'Comma-separated group ids: users in any of them' }),
          ),
          count: Type.Optional(
            Type.Integer({ minimum: 1, maximum: USER_PAGE_SIZE, description: 'At most 100 (the default)' }),
          ),
          start_position: Type.Optional(Type.Integer({ minimum: 0 })),
        }),
        response: {
          200: Type.Object({
            users: Type.Array(UserInformation),
            resultSetSize: Type.String(),
            totalSetSize: Type.String(),
            startPosition: Type.String(),
            endPosition: Type.String(),
            nextUri: Type.Optional(Type.String()),
            previousUri: Type.Optional(Type.String()),
          }),
        },
      },
    },
    async (request) => {
      const { accountId } = request.principal
      const { group_id: groupIds, ...query } = request.query
      const userIds =
        groupIds === undefined
          ? undefined
          : await userIdsInGroups(
              ctx.db,
              accountId,
              groupIds.split(',').map((id) => id.trim()),
            )
      const listed = await listUsers(ctx.db, accountId, accountUri(accountId), { ...query, userIds })
      const start = Number(listed.startPosition)
      const count = query.count ?? USER_PAGE_SIZE
      const pageUri = (from: number) => {
        const params = new URLSearchParams(request.url.split('?')[1] ?? '')
        params.set('start_position', String(from))
        params.set('count', String(count))
        return `/users?${params.toString()}`
      }
      return {
        ...listed,
        users: await withPermissionProfiles(ctx.db, accountId, listed.users),
        ...(start + listed.users.length < Number(listed.totalSetSize)
          ? { nextUri: pageUri(start + count) }
          : {}),
        ...(start > 0 ? { previousUri: pageUri(Math.max(0, start - count)) } : {}),
      }
    },
  )

  app.get(
    '/users/:userId',
    {
      schema: {
        tags,
        summary: 'Get a user',
        security,
        params: UserParams,
        response: { 200: UserInformation },
      },
    },
    async (request) => shownUser(request.principal.accountId, request.params.userId),
  )

  app.post(
    '/users',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Invite users: each gets an email with a link to choose a password (newUsersDefinition)',
        security,
        body: Type.Object({
          newUsers: Type.Array(
            Type.Object({
              userName: Type.Optional(Type.String({ maxLength: 200 })),
              email: Type.Optional(Type.String({ maxLength: 320 })),
              // DocuSign asks the new user for this code on activation. Here the emailed link is itself the
              // single-use secret that activates the user, so the code is accepted and asked for by nothing
              // (docs/envelope-service-api.md, Users).
              activationAccessCode: Type.Optional(Type.String({ maxLength: 100 })),
              ...PermissionFields,
            }),
            { minItems: 1, maxItems: 100 },
          ),
        }),
        response: {
          201: Type.Object({
            newUsers: Type.Array(
              Type.Object({
                userId: Type.Optional(Type.String()),
                userName: Type.String(),
                email: Type.String(),
                userStatus: Type.Optional(Type.String()),
                permissionProfileName: Type.Optional(Type.String()),
                createdDateTime: Type.Optional(Type.String()),
                uri: Type.Optional(Type.String()),
                errorDetails: Type.Optional(ErrorDetails),
              }),
            ),
          }),
        },
      },
    },
    async (request, reply) => {
      const { accountId, userId } = request.principal
      const inviter = await findUser(ctx.db, userId)
      const result = await inviteUsers(
        ctx.db,
        {
          accountId,
          accountUri: accountUri(accountId),
          inviterName: inviter?.name ?? 'Inkwell',
          origin: ctx.signingOrigin,
          locale: pickLocale(request.headers['accept-language']),
          newUsers: request.body.newUsers,
        },
        ctx.now(),
      )
      if (result.invited > 0) ctx.wakeOutbox([OUTBOX_TOPICS.composedMessage])
      return reply.code(201).send({ newUsers: result.newUsers })
    },
  )

  app.put(
    '/users/:userId',
    {
      ...admin,
      schema: {
        tags,
        summary:
          "Change a user's permissions: a permission profile (permissionProfileId, or a stock profile's name), or isAdmin and userSettings one by one",
        security,
        params: UserParams,
        body: Type.Object({
          ...PermissionFields,
          permissionProfileId: Type.Optional(Type.String({ maxLength: 64 })),
        }),
        response: { 200: UserInformation },
      },
    },
    async (request) => {
      const { accountId } = request.principal
      const { userId } = request.params
      await changeUserPermissions(
        ctx.db,
        { accountId, userId, accountUri: accountUri(accountId), request: request.body },
        ctx.now(),
      )
      return shownUser(accountId, userId)
    },
  )

  app.delete(
    '/users',
    {
      ...admin,
      schema: {
        tags,
        summary: "Close users (userInfoList): each one's membership of this account ends",
        security,
        body: Type.Object({
          users: Type.Array(Type.Object({ userId: Type.String({ maxLength: 64 }) }), {
            minItems: 1,
            maxItems: 100,
          }),
        }),
        response: {
          200: Type.Object({
            users: Type.Array(
              Type.Object({
                userId: Type.String(),
                userName: Type.Optional(Type.String()),
                email: Type.Optional(Type.String()),
                userStatus: Type.Optional(Type.String()),
                errorDetails: Type.Optional(ErrorDetails),
              }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const { accountId } = request.principal
      const userIds = request.body.users.map((user) => user.userId)
      const closed = await closeUsers(ctx.db, accountId, userIds, ctx.now())
      // A user invited again starts from DocuSign Sender, not from the profile they held before; a user
      // not closed (refused in errorDetails) keeps theirs.
      const left = closed.users.filter((user) => user.userStatus === 'Closed').map((user) => user.userId)
      await clearPermissionProfile(ctx.db, accountId, left)
      return closed
    },
  )
}
