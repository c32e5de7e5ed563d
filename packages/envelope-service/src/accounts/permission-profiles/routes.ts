import { Type } from '@sinclair/typebox'
import { PermissionProfile, PermissionProfileInformation, PermissionProfileRequest } from 'esign-contract'
import type { App } from 'platform'
import type { ServiceContext } from '../../context.js'
import { findUser } from '../../identity/repository.js'
import { requirePermission } from '../../rest/account-scope.js'
import {
  createPermissionProfile,
  deletePermissionProfile,
  getPermissionProfile,
  listPermissionProfiles,
  updatePermissionProfile,
} from './service.js'

const tags = ['Permission profiles']
const security = [{ bearer: [] }]
const ProfileParams = Type.Object({
  accountId: Type.String(),
  permissionProfileId: Type.String({ maxLength: 64 }),
})
const Include = Type.Object({
  include: Type.Optional(
    Type.String({ maxLength: 200, description: 'Accepted; users and their count are always answered' }),
  ),
})

/** DocuSign's AccountPermissionProfiles: list, get, create, update, delete. Changes need `administer`. */
export async function permissionProfileRoutes(app: App, ctx: ServiceContext) {
  const admin = { preHandler: requirePermission('administer') }
  const userName = async (userId: string) => (await findUser(ctx.db, userId))?.name ?? userId

  app.get(
    '/permission_profiles',
    {
      schema: {
        tags,
        summary: "List the account's permission profiles, DocuSign's three stock ones first",
        security,
        querystring: Include,
        response: { 200: PermissionProfileInformation },
      },
    },
    async (request) => listPermissionProfiles(ctx.db, request.principal.accountId),
  )

  app.get(
    '/permission_profiles/:permissionProfileId',
    {
      schema: {
        tags,
        summary: 'Get a permission profile',
        security,
        params: ProfileParams,
        querystring: Include,
        response: { 200: PermissionProfile },
      },
    },
    async (request) =>
      getPermissionProfile(ctx.db, request.principal.accountId, request.params.permissionProfileId),
  )

  app.post(
    '/permission_profiles',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Create a permission profile (permissionProfileName and accountRoleSettings)',
        security,
        querystring: Include,
        body: PermissionProfileRequest,
        response: { 201: PermissionProfile },
      },
    },
    async (request, reply) => {
      const created = await createPermissionProfile(
        ctx.db,
        {
          accountId: request.principal.accountId,
          modifiedBy: await userName(request.principal.userId),
          request: request.body,
        },
        ctx.now(),
      )
      return reply.code(201).send(created)
    },
  )

  app.put(
    '/permission_profiles/:permissionProfileId',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Rename a permission profile or change the settings given; its users follow at once',
        security,
        params: ProfileParams,
        querystring: Include,
        body: PermissionProfileRequest,
        response: { 200: PermissionProfile },
      },
    },
    async (request) =>
      updatePermissionProfile(
        ctx.db,
        {
          accountId: request.principal.accountId,
          profileId: request.params.permissionProfileId,
          modifiedBy: await userName(request.principal.userId),
          request: request.body,
        },
        ctx.now(),
      ),
  )

  app.delete(
    '/permission_profiles/:permissionProfileId',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Delete a permission profile no user or group holds, or move its users (move_users_to)',
        security,
        params: ProfileParams,
        querystring: Type.Object({
          move_users_to: Type.Optional(
            Type.String({ maxLength: 64, description: 'The permission profile its users move to' }),
          ),
        }),
        response: { 200: Type.Unsafe<undefined>({ description: 'No body, as DocuSign answers.' }) },
      },
    },
    async (request, reply) => {
      await deletePermissionProfile(ctx.db, {
        accountId: request.principal.accountId,
        profileId: request.params.permissionProfileId,
        moveUsersTo: request.query.move_users_to,
      })
      return reply.code(200).send()
    },
  )
}
