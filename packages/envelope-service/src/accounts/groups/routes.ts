import { Type } from '@sinclair/typebox'
import { GroupInformation, GroupInformationRequest, GroupUsers, UserInfoListRequest } from 'esign-contract'
import type { App } from 'platform'
import type { ServiceContext } from '../../context.js'
import { requirePermission } from '../../rest/account-scope.js'
import {
  addUsersToGroup,
  createGroups,
  listAccountGroups,
  listUsersOfGroup,
  removeGroups,
  removeUsersFromGroup,
  updateGroups,
} from './service.js'

const tags = ['Groups']
const security = [{ bearer: [] }]
const GroupParams = Type.Object({ accountId: Type.String(), groupId: Type.String({ maxLength: 64 }) })
const Page = {
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'At most 100 (the default)' })),
  start_position: Type.Optional(Type.Integer({ minimum: 0 })),
}

/** DocuSign's Groups and GroupUsers. Changes need `administer`. */
export async function groupRoutes(app: App, ctx: ServiceContext) {
  const admin = { preHandler: requirePermission('administer') }

  app.get(
    '/groups',
    {
      schema: {
        tags,
        summary: "List the account's groups, DocuSign's Everyone and Administrators first",
        security,
        querystring: Type.Object({
          ...Page,
          search_text: Type.Optional(Type.String({ maxLength: 100, description: 'A part of the name' })),
          group_type: Type.Optional(
            Type.String({ maxLength: 50, description: 'everyoneGroup, adminGroup or customGroup' }),
          ),
          include_usercount: Type.Optional(
            Type.String({ maxLength: 10, description: 'Accepted; usersCount is always answered' }),
          ),
        }),
        response: { 200: GroupInformation },
      },
    },
    async (request) => listAccountGroups(ctx.db, request.principal.accountId, request.query),
  )

  app.post(
    '/groups',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Create groups (groupName, optionally permissionProfileId)',
        security,
        body: GroupInformationRequest,
        response: { 201: GroupInformation },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createGroups(ctx.db, request.principal.accountId, request.body.groups, ctx.now())),
  )

  app.put(
    '/groups',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Rename groups or set their permission profile, which their users get at once',
        security,
        body: GroupInformationRequest,
        response: { 200: GroupInformation },
      },
    },
    async (request) => updateGroups(ctx.db, request.principal.accountId, request.body.groups),
  )

  app.delete(
    '/groups',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Delete groups (their users stay in the account)',
        security,
        body: GroupInformationRequest,
        response: { 200: GroupInformation },
      },
    },
    async (request) => removeGroups(ctx.db, request.principal.accountId, request.body.groups),
  )

  app.get(
    '/groups/:groupId/users',
    {
      schema: {
        tags,
        summary: "List a group's users",
        security,
        params: GroupParams,
        querystring: Type.Object(Page),
        response: { 200: GroupUsers },
      },
    },
    async (request) =>
      listUsersOfGroup(ctx.db, request.principal.accountId, request.params.groupId, request.query),
  )

  app.put(
    '/groups/:groupId/users',
    {
      ...admin,
      schema: {
        tags,
        summary: "Add account members to a group; they get the group's permission profile",
        security,
        params: GroupParams,
        body: UserInfoListRequest,
        response: { 200: GroupUsers },
      },
    },
    async (request) =>
      addUsersToGroup(
        ctx.db,
        request.principal.accountId,
        request.params.groupId,
        request.body.users.map((user) => user.userId),
        ctx.now(),
      ),
  )

  app.delete(
    '/groups/:groupId/users',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Remove users from a group',
        security,
        params: GroupParams,
        body: UserInfoListRequest,
        response: { 200: GroupUsers },
      },
    },
    async (request) =>
      removeUsersFromGroup(
        ctx.db,
        request.principal.accountId,
        request.params.groupId,
        request.body.users.map((user) => user.userId),
      ),
  )
}
