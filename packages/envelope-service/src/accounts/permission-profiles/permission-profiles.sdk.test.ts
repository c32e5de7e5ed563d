import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findMembershipPermissions } from '../../identity/repository.js'
import { seedPrincipal, type TestPrincipal } from '../../testing/harness.js'
import {
  type DocuSignSdkBase,
  loadDocuSignSdk,
  type SdkApiClient,
  type SdkModel,
  type SdkService,
  startSdkService,
} from '../../testing/sdk.js'

/** The official DocuSign Node SDK's permission profile, group and user calls. */
interface DocuSignSdk extends DocuSignSdkBase {
  AccountsApi: new (
    client: unknown,
  ) => {
    listPermissions(accountId: string): Promise<SdkModel>
    getPermissionProfile(accountId: string, id: string): Promise<SdkModel>
    createPermissionProfile(accountId: string, opts: { permissionProfile: object }): Promise<SdkModel>
    updatePermissionProfile(
      accountId: string,
      id: string,
      opts: { permissionProfile: object },
    ): Promise<SdkModel>
    deletePermissionProfile(accountId: string, id: string, opts?: { moveUsersTo?: string }): Promise<SdkModel>
  }
  GroupsApi: new (
    client: unknown,
  ) => {
    listGroups(accountId: string, opts?: { searchText?: string; groupType?: string }): Promise<SdkModel>
    createGroups(accountId: string, opts: { groupInformation: object }): Promise<SdkModel>
    updateGroups(accountId: string, opts: { groupInformation: object }): Promise<SdkModel>
    deleteGroups(accountId: string, opts: { groupInformation: object }): Promise<SdkModel>
    listGroupUsers(accountId: string, groupId: string): Promise<SdkModel>
    updateGroupUsers(accountId: string, groupId: string, opts: { userInfoList: object }): Promise<SdkModel>
    deleteGroupUsers(accountId: string, groupId: string, opts: { userInfoList: object }): Promise<SdkModel>
  }
  UsersApi: new (
    client: unknown,
  ) => {
    getInformation(accountId: string, userId: string): Promise<SdkModel>
    list(accountId: string): Promise<SdkModel>
    updateUser(accountId: string, userId: string, opts: { userInformation: object }): Promise<SdkModel>
  }
}
const docusign = loadDocuSignSdk<DocuSignSdk>()

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    // biome-ignore lint/suspicious/noExplicitAny: the SDK rejects with an axios error.
    (error: any) => ({ status: error.response?.status, body: error.response?.data }),
  )

const SENDING_ONLY = {
  allowEnvelopeSending: 'true',
  allowedTemplateAccess: 'use',
  allowAccountManagement: 'false',
}

describeEachDatabase('DocuSign Node SDK: permission profiles and groups', (databases) => {
  let sdk: SdkService
  let accountId: string
  let member: TestPrincipal
  let viewerClient: SdkApiClient
  let accounts: InstanceType<DocuSignSdk['AccountsApi']>
  let groups: InstanceType<DocuSignSdk['GroupsApi']>
  let users: InstanceType<DocuSignSdk['UsersApi']>

  beforeAll(async () => {
    sdk = await startSdkService(await databases.freshUrl())
    accountId = sdk.principal.accountId
    member = await seedPrincipal(sdk.service.ctx, {
      accountId,
      permissions: ['send_envelopes', 'manage_templates'],
    })
    const { port } = sdk.service.app.server.address() as { port: number }
    viewerClient = new docusign.ApiClient()
    viewerClient.setBasePath(`http://127.0.0.1:${port}/restapi`)
    viewerClient.addDefaultHeader('Authorization', `Bearer ${member.accessToken}`)
    accounts = new docusign.AccountsApi(sdk.client)
    groups = new docusign.GroupsApi(sdk.client)
    users = new docusign.UsersApi(sdk.client)
  })
  afterAll(() => sdk?.close())

  const permissionsOf = async (userId: string) =>
    [...((await findMembershipPermissions(sdk.service.ctx.db, accountId, userId)) ?? [])].sort()
  let counter = 0
  const createProfile = (settings: object = SENDING_ONLY) =>
    accounts.createPermissionProfile(accountId, {
      permissionProfile: { permissionProfileName: `Profile ${++counter}`, settings },
    })

  describe('GET /permission_profiles', () => {
    it("lists DocuSign's three stock profiles with their documented ids and who holds them", async () => {
      const { permissionProfiles } = await accounts.listPermissions(accountId)
      expect(permissionProfiles.slice(0, 3)).toMatchObject([
        {
          permissionProfileId: '2301414',
          permissionProfileName: 'Account Administrator',
          settings: {
            allowAccountManagement: 'true',
            allowEnvelopeSending: 'true',
            allowedTemplateAccess: 'share',
          },
        },
        { permissionProfileId: '2301415', permissionProfileName: 'DocuSign Sender' },
        {
          permissionProfileId: '2301416',
          permissionProfileName: 'DocuSign Viewer',
          settings: {
            allowAccountManagement: 'false',
            allowEnvelopeSending: 'false',
            allowedTemplateAccess: 'none',
          },
        },
      ])
      const admin = permissionProfiles[0].users.map((user: SdkModel) => user.userId)
      expect(admin).toContain(sdk.principal.userId)
      expect(permissionProfiles[1].users.map((user: SdkModel) => user.userId)).toContain(member.userId)
    })

    it('answers one profile by id, and 404 for an id the account lacks', async () => {
      expect(await accounts.getPermissionProfile(accountId, '2301415')).toMatchObject({
        permissionProfileName: 'DocuSign Sender',
      })
      expect(await failure(accounts.getPermissionProfile(accountId, 'nope'))).toMatchObject({
        status: 404,
        body: { errorCode: 'RESOURCE_NOT_FOUND' },
      })
    })
  })

  describe('POST /permission_profiles', () => {
    it('creates a profile, storing every accountRoleSetting and reading a number as its text', async () => {
      const created = await accounts.createPermissionProfile(accountId, {
        permissionProfile: {
          permissionProfileName: 'Clerks',
          settings: { ...SENDING_ONLY, useNewDocuSignExperienceInterface: 0, powerFormRole: 'admin' },
        },
      })
      expect(created).toMatchObject({
        permissionProfileName: 'Clerks',
        settings: { ...SENDING_ONLY, useNewDocuSignExperienceInterface: '0', powerFormRole: 'admin' },
        userCount: '0',
      })
      expect(await accounts.getPermissionProfile(accountId, created.permissionProfileId)).toEqual(created)
    })

    it('refuses a name already taken (a stock name too) with 409, and a missing name with 400', async () => {
      await createProfile()
      for (const permissionProfileName of [`Profile ${counter}`, 'docusign sender']) {
        expect(
          await failure(
            accounts.createPermissionProfile(accountId, { permissionProfile: { permissionProfileName } }),
          ),
        ).toMatchObject({ status: 409, body: { errorCode: 'DUPLICATE_RESOURCE' } })
      }
      expect(
        await failure(accounts.createPermissionProfile(accountId, { permissionProfile: { settings: {} } })),
      ).toMatchObject({ status: 400, body: { errorCode: 'INVALID_REQUEST_PARAMETER' } })
    })

    it('refuses an enforced setting with a value it cannot enforce', async () => {
      const refused = await failure(
        accounts.createPermissionProfile(accountId, {
          permissionProfile: {
            permissionProfileName: 'Odd',
            settings: { allowedTemplateAccess: 'everything' },
          },
        }),
      )
      expect(refused).toMatchObject({
        status: 400,
        body: { message: expect.stringContaining('allowedTemplateAccess') },
      })
    })

    it('is 403 for a member who may not administer the account', async () => {
      const refused = await failure(
        new docusign.AccountsApi(viewerClient).createPermissionProfile(accountId, {
          permissionProfile: { permissionProfileName: 'Not allowed' },
        }),
      )
      expect(refused).toMatchObject({ status: 403, body: { errorCode: 'USER_LACKS_PERMISSIONS' } })
    })
  })

  describe('profiles given to users', () => {
    it('a user given a profile holds its enforced permissions; GET /users names it', async () => {
      const profile = await createProfile()
      const user = await users.updateUser(accountId, member.userId, {
        userInformation: { permissionProfileId: profile.permissionProfileId },
      })
      expect(user).toMatchObject({
        permissionProfileId: profile.permissionProfileId,
        permissionProfileName: profile.permissionProfileName,
      })
      expect(await permissionsOf(member.userId)).toEqual(['send_envelopes'])
      const listed = await users.list(accountId)
      expect(listed.users.find((each: SdkModel) => each.userId === member.userId)).toMatchObject({
        permissionProfileId: profile.permissionProfileId,
      })
    })

    it("changing a profile's settings changes its holders' permissions; a rename keeps the settings", async () => {
      const profile = await createProfile()
      await users.updateUser(accountId, member.userId, {
        userInformation: { permissionProfileId: profile.permissionProfileId },
      })
      await accounts.updatePermissionProfile(accountId, profile.permissionProfileId, {
        permissionProfile: { settings: { allowedTemplateAccess: 'share' } },
      })
      expect(await permissionsOf(member.userId)).toEqual(['manage_templates', 'send_envelopes'])
      const renamed = await accounts.updatePermissionProfile(accountId, profile.permissionProfileId, {
        permissionProfile: { permissionProfileName: 'Renamed' },
      })
      expect(renamed).toMatchObject({
        permissionProfileName: 'Renamed',
        settings: { ...SENDING_ONLY, allowedTemplateAccess: 'share' },
        userCount: '1',
      })
    })

    it("permissions set one by one (PUT /users) replace the user's custom profile", async () => {
      const profile = await createProfile()
      await users.updateUser(accountId, member.userId, {
        userInformation: { permissionProfileId: profile.permissionProfileId },
      })
      const user = await users.updateUser(accountId, member.userId, {
        userInformation: { permissionProfileName: 'DocuSign Sender' },
      })
      expect(user).toMatchObject({ permissionProfileId: '2301415', permissionProfileName: 'DocuSign Sender' })
    })

    it('refuses an unknown permissionProfileId for a user, and one given with other settings', async () => {
      expect(
        await failure(
          users.updateUser(accountId, member.userId, { userInformation: { permissionProfileId: 'nope' } }),
        ),
      ).toMatchObject({ status: 400 })
      expect(
        await failure(
          users.updateUser(accountId, member.userId, {
            userInformation: { permissionProfileId: '2301415', isAdmin: 'true' },
          }),
        ),
      ).toMatchObject({ status: 400 })
    })

    it("refuses to change or delete DocuSign's stock profiles", async () => {
      expect(
        await failure(
          accounts.updatePermissionProfile(accountId, '2301414', {
            permissionProfile: { permissionProfileName: 'X' },
          }),
        ),
      ).toMatchObject({ status: 400 })
      expect(await failure(accounts.deletePermissionProfile(accountId, '2301416'))).toMatchObject({
        status: 400,
      })
    })
  })

  describe('DELETE /permission_profiles/{id}', () => {
    it('deletes a profile nobody holds', async () => {
      const profile = await createProfile()
      await accounts.deletePermissionProfile(accountId, profile.permissionProfileId)
      expect(
        await failure(accounts.getPermissionProfile(accountId, profile.permissionProfileId)),
      ).toMatchObject({
        status: 404,
      })
    })

    it('refuses a profile users hold, unless move_users_to names where they go', async () => {
      const profile = await createProfile()
      await users.updateUser(accountId, member.userId, {
        userInformation: { permissionProfileId: profile.permissionProfileId },
      })
      expect(
        await failure(accounts.deletePermissionProfile(accountId, profile.permissionProfileId)),
      ).toMatchObject({
        status: 400,
        body: { errorCode: 'PERMISSION_PROFILE_IN_USE' },
      })
      expect(
        await failure(
          accounts.deletePermissionProfile(accountId, profile.permissionProfileId, { moveUsersTo: 'nope' }),
        ),
      ).toMatchObject({ status: 400 })
      await accounts.deletePermissionProfile(accountId, profile.permissionProfileId, {
        moveUsersTo: '2301416',
      })
      expect(await users.getInformation(accountId, member.userId)).toMatchObject({
        permissionProfileId: '2301416',
        permissionProfileName: 'DocuSign Viewer',
      })
      expect(await permissionsOf(member.userId)).toEqual([])
    })

    it('refuses a profile a group carries, and 404 for an unknown id', async () => {
      const profile = await createProfile()
      await groups.createGroups(accountId, {
        groupInformation: {
          groups: [{ groupName: `Carrying ${counter}`, permissionProfileId: profile.permissionProfileId }],
        },
      })
      expect(
        await failure(accounts.deletePermissionProfile(accountId, profile.permissionProfileId)),
      ).toMatchObject({
        status: 400,
        body: { errorCode: 'PERMISSION_PROFILE_IN_USE' },
      })
      expect(await failure(accounts.deletePermissionProfile(accountId, 'nope'))).toMatchObject({
        status: 404,
      })
    })
  })

  describe('groups', () => {
    it("lists DocuSign's Everyone and Administrators groups with their users counted", async () => {
      const listed = await groups.listGroups(accountId)
      expect(listed.groups.slice(0, 2)).toMatchObject([
        { groupName: 'Everyone', groupType: 'everyoneGroup' },
        {
          groupName: 'Administrators',
          groupType: 'adminGroup',
          permissionProfileId: '2301414',
          usersCount: '1',
        },
      ])
      expect(Number(listed.groups[0].usersCount)).toBeGreaterThanOrEqual(2)
      const admins = await groups.listGroupUsers(accountId, listed.groups[1].groupId)
      expect(admins.users.map((user: SdkModel) => user.userId)).toEqual([sdk.principal.userId])
    })

    it('creates groups, filters the list by search_text and group_type, and refuses a taken name with 409', async () => {
      const created = await groups.createGroups(accountId, {
        groupInformation: { groups: [{ groupName: 'Sales East' }, { groupName: 'Sales West' }] },
      })
      expect(created.groups).toMatchObject([
        { groupName: 'Sales East', groupType: 'customGroup', usersCount: '0' },
        { groupName: 'Sales West', groupType: 'customGroup' },
      ])
      const found = await groups.listGroups(accountId, { searchText: 'sales', groupType: 'customGroup' })
      expect(found.groups.map((group: SdkModel) => group.groupName)).toEqual(['Sales East', 'Sales West'])
      expect(
        await failure(
          groups.createGroups(accountId, { groupInformation: { groups: [{ groupName: 'sales east' }] } }),
        ),
      ).toMatchObject({ status: 409 })
      expect(
        await failure(
          groups.createGroups(accountId, { groupInformation: { groups: [{ groupName: 'Everyone' }] } }),
        ),
      ).toMatchObject({ status: 409 })
    })

    it("gives a group's permission profile to its users, and to users added later (eg025's updateGroups)", async () => {
      const profile = await createProfile()
      const [group] = (
        await groups.createGroups(accountId, {
          groupInformation: { groups: [{ groupName: 'Clerks group' }] },
        })
      ).groups
      await groups.updateGroupUsers(accountId, group.groupId, {
        userInfoList: { users: [{ userId: member.userId }] },
      })
      const updated = await groups.updateGroups(accountId, {
        groupInformation: {
          groups: [{ groupId: group.groupId, permissionProfileId: profile.permissionProfileId }],
        },
      })
      expect(updated.groups).toMatchObject([
        { groupId: group.groupId, permissionProfileId: profile.permissionProfileId },
      ])
      expect(await users.getInformation(accountId, member.userId)).toMatchObject({
        permissionProfileId: profile.permissionProfileId,
      })
      const other = await seedPrincipal(sdk.service.ctx, { accountId, permissions: [] })
      const listed = await groups.updateGroupUsers(accountId, group.groupId, {
        userInfoList: { users: [{ userId: other.userId }] },
      })
      expect(listed.users.map((user: SdkModel) => user.userId)).toEqual([member.userId, other.userId])
      expect(await permissionsOf(other.userId)).toEqual(['send_envelopes'])
      const left = await groups.deleteGroupUsers(accountId, group.groupId, {
        userInfoList: { users: [{ userId: member.userId }] },
      })
      expect(left.users.map((user: SdkModel) => user.userId)).toEqual([other.userId])
      expect(await permissionsOf(member.userId)).toEqual(['send_envelopes'])
    })

    it("refuses to change DocuSign's groups, an unknown group or profile, and a user who is not a member", async () => {
      const [group] = (
        await groups.createGroups(accountId, { groupInformation: { groups: [{ groupName: 'Refusals' }] } })
      ).groups
      const cases = [
        () =>
          groups.updateGroups(accountId, {
            groupInformation: { groups: [{ groupId: 'everyone', groupName: 'All' }] },
          }),
        () =>
          groups.deleteGroups(accountId, { groupInformation: { groups: [{ groupId: 'administrators' }] } }),
        () =>
          groups.updateGroups(accountId, {
            groupInformation: { groups: [{ groupId: 'nope', groupName: 'X' }] },
          }),
        () =>
          groups.updateGroups(accountId, {
            groupInformation: { groups: [{ groupId: group.groupId, permissionProfileId: 'nope' }] },
          }),
        () =>
          groups.updateGroupUsers(accountId, group.groupId, {
            userInfoList: { users: [{ userId: 'stranger' }] },
          }),
        () =>
          groups.updateGroupUsers(accountId, 'everyone', {
            userInfoList: { users: [{ userId: member.userId }] },
          }),
      ]
      for (const refused of cases) expect(await failure(refused())).toMatchObject({ status: 400 })
      expect(await failure(groups.listGroupUsers(accountId, 'nope'))).toMatchObject({ status: 404 })
    })

    it('deletes groups; their users stay in the account', async () => {
      const [group] = (
        await groups.createGroups(accountId, { groupInformation: { groups: [{ groupName: 'Temporary' }] } })
      ).groups
      await groups.updateGroupUsers(accountId, group.groupId, {
        userInfoList: { users: [{ userId: member.userId }] },
      })
      const deleted = await groups.deleteGroups(accountId, {
        groupInformation: { groups: [{ groupId: group.groupId }] },
      })
      expect(deleted.groups).toMatchObject([{ groupId: group.groupId, groupName: 'Temporary' }])
      const names = (await groups.listGroups(accountId)).groups.map((each: SdkModel) => each.groupName)
      expect(names).not.toContain('Temporary')
      expect(await users.getInformation(accountId, member.userId)).toMatchObject({ userId: member.userId })
    })
  })
})
