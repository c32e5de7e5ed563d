import { type Static, type TOptional, type TSchema, type TUnsafe, Type } from '@sinclair/typebox'
import { ErrorDetails } from './errors.js'
import { StringEnum } from './scalars.js'

/**
 * DocuSign's account permission profiles (`permissionProfile`, `accountRoleSettings`) and groups
 * (`group`, `groupInformation`), the wire shapes of `/permission_profiles` and `/groups`.
 */

/** Every non-metadata setting of DocuSign's `accountRoleSettings`, each a string. */
export const ACCOUNT_ROLE_SETTING_NAMES = [
  'allowAccountManagement',
  'allowApiAccess',
  'allowApiAccessToAccount',
  'allowApiSendingOnBehalfOfOthers',
  'allowApiSequentialSigning',
  'allowAutoTagging',
  'allowBulkSending',
  'allowDocuSignDesktopClient',
  'allowedAddressBookAccess',
  'allowedClickwrapsAccess',
  'allowedTemplateAccess',
  'allowedToBeEnvelopeTransferRecipient',
  'allowEnvelopeSending',
  'allowESealRecipients',
  'allowPowerFormsAdminToAccessAllPowerFormEnvelopes',
  'allowSendersToSetRecipientEmailLanguage',
  'allowSignerAttachments',
  'allowSupplementalDocuments',
  'allowTaggingInSendAndCorrect',
  'allowVaulting',
  'allowWetSigningOverride',
  'canCreateWorkspaces',
  'disableDocumentUpload',
  'disableOtherActions',
  'enableApiRequestLogging',
  'enableRecipientViewingNotifications',
  'enableSequentialSigningInterface',
  'enableTransactionPointIntegration',
  'powerFormRole',
  'receiveCompletedSelfSignedDocumentsAsEmailLinks',
  'supplementalDocumentsMustAccept',
  'supplementalDocumentsMustRead',
  'supplementalDocumentsMustView',
  'useNewDocuSignExperienceInterface',
  'useNewSendingInterface',
  'vaultingMode',
] as const
export type AccountRoleSettingName = (typeof ACCOUNT_ROLE_SETTING_NAMES)[number]

/** The values of `allowedTemplateAccess`. */
export const TEMPLATE_ACCESS_LEVELS = ['none', 'use', 'create', 'share'] as const

const ENFORCED_SETTINGS: Partial<Record<AccountRoleSettingName, TSchema>> = {
  allowAccountManagement: StringEnum(['true', 'false'] as const, {
    description: 'Enforced: the account administrator permission.',
  }),
  allowEnvelopeSending: StringEnum(['true', 'false'] as const, {
    description: 'Enforced: sending envelopes.',
  }),
  allowedTemplateAccess: StringEnum(TEMPLATE_ACCESS_LEVELS, {
    description: 'Enforced: `create` or `share` may manage templates; `none` or `use` may not.',
  }),
}

/** DocuSign's `accountRoleSettings`: three settings are enforced, the rest stored and returned as given. */
export const AccountRoleSettings = Type.Object(
  Object.fromEntries(
    ACCOUNT_ROLE_SETTING_NAMES.map((name) => [
      name,
      Type.Optional(
        ENFORCED_SETTINGS[name] ?? Type.String({ maxLength: 100, description: 'Stored and returned only.' }),
      ),
    ]),
  ) as unknown as Record<AccountRoleSettingName, TOptional<TUnsafe<string>>>,
)
export type AccountRoleSettings = Static<typeof AccountRoleSettings>

const UserOfProfile = Type.Object({
  userId: Type.String(),
  userName: Type.String(),
  email: Type.String(),
})

/** DocuSign's `permissionProfile`. */
export const PermissionProfile = Type.Object({
  permissionProfileId: Type.String({
    description:
      "DocuSign's defaults: 2301414 Account Administrator, 2301415 DocuSign Sender, 2301416 DocuSign Viewer",
  }),
  permissionProfileName: Type.String(),
  settings: AccountRoleSettings,
  modifiedDateTime: Type.Optional(Type.String()),
  modifiedByUsername: Type.Optional(Type.String()),
  userCount: Type.Optional(Type.String()),
  users: Type.Optional(Type.Array(UserOfProfile)),
})
export type PermissionProfile = Static<typeof PermissionProfile>

/** The body of `POST` and `PUT .../permission_profiles`. */
export const PermissionProfileRequest = Type.Object({
  permissionProfileName: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  settings: Type.Optional(AccountRoleSettings),
})
export type PermissionProfileRequest = Static<typeof PermissionProfileRequest>

/** DocuSign's `permissionProfileInformation`. */
export const PermissionProfileInformation = Type.Object({ permissionProfiles: Type.Array(PermissionProfile) })

/** DocuSign's `group`, as answered. */
export const Group = Type.Object({
  groupId: Type.String(),
  groupName: Type.String(),
  groupType: Type.String({ description: 'everyoneGroup, adminGroup or customGroup' }),
  permissionProfileId: Type.Optional(Type.String()),
  usersCount: Type.Optional(Type.String()),
  errorDetails: Type.Optional(ErrorDetails),
})
export type Group = Static<typeof Group>

/** One group of a `groupInformation` request: `groupId` to update or delete, `groupName` to create. */
export const GroupRequest = Type.Object({
  groupId: Type.Optional(Type.String({ maxLength: 64 })),
  groupName: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  permissionProfileId: Type.Optional(Type.String({ maxLength: 64 })),
})
export type GroupRequest = Static<typeof GroupRequest>

export const GroupInformationRequest = Type.Object({
  groups: Type.Array(GroupRequest, { minItems: 1, maxItems: 100 }),
})

/** DocuSign's `groupInformation`, as answered. */
export const GroupInformation = Type.Object({
  groups: Type.Array(Group),
  resultSetSize: Type.Optional(Type.String()),
  totalSetSize: Type.Optional(Type.String()),
  startPosition: Type.Optional(Type.String()),
  endPosition: Type.Optional(Type.String()),
})
export type GroupInformation = Static<typeof GroupInformation>

/** DocuSign's `userInfoList` as a request: the users to add to or remove from a group. */
export const UserInfoListRequest = Type.Object({
  users: Type.Array(Type.Object({ userId: Type.String({ minLength: 1, maxLength: 64 }) }), {
    minItems: 1,
    maxItems: 100,
  }),
})

/** DocuSign's `usersResponse` for a group's users. */
export const GroupUsers = Type.Object({
  users: Type.Array(
    Type.Object({
      userId: Type.String(),
      userName: Type.String(),
      email: Type.String(),
      userStatus: Type.String(),
      userType: Type.String(),
    }),
  ),
  resultSetSize: Type.String(),
  totalSetSize: Type.String(),
  startPosition: Type.String(),
  endPosition: Type.String(),
})
