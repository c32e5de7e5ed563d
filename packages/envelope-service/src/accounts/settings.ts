import { type Static, Type } from '@sinclair/typebox'
import { type App, InvalidRequestError } from 'platform'
import type { ServiceContext } from '../context.js'
import { requirePermission } from '../rest/account-scope.js'
import { findNotificationDefaults, saveNotificationDefaults } from './notification-defaults/repository.js'
import {
  ACCOUNT_NOTIFICATION_FALLBACK,
  toAccountNotificationWire,
  updatedDefaults,
} from './notification-defaults/rules.js'

/**
 * `GET /accounts/{accountId}/settings` (DocuSign AccountsApi.listSettings): DocuSign's
 * `accountSettingsInformation`, limited to the settings that describe what this service does. They are
 * the same for every account and not settable: each says what the code supports, so a client that checks
 * a setting before it uses a feature takes the right branch. The one settable part is `accountNotification`,
 * the account's reminder and expiration defaults (notification-defaults/rules.ts).
 */
const flag = Type.Union([Type.Literal('true'), Type.Literal('false')])

export const AccountSettingsInformation = Type.Object({
  allowInPerson: flag,
  inPersonSigningEnabled: flag,
  allowEnvelopeCorrect: flag,
  allowEnvelopeCustomFields: flag,
  allowServerTemplates: flag,
  allowReminders: flag,
  allowSMSDelivery: flag,
  enableSMSAuthentication: flag,
  allowPhoneAuthentication: flag,
  allowNonUSPhoneAuth: flag,
  phoneAuthRecipientMayProvidePhoneNumber: flag,
  enableSequentialSigningAPI: flag,
  enableResponsiveSigning: flag,
  enableAccessCodeGenerator: flag,
  allowBulkSend: flag,
})
export type AccountSettingsInformation = Static<typeof AccountSettingsInformation>

export const ACCOUNT_SETTINGS: AccountSettingsInformation = {
  allowInPerson: 'true',
  inPersonSigningEnabled: 'true',
  allowEnvelopeCorrect: 'true',
  allowEnvelopeCustomFields: 'true',
  allowServerTemplates: 'true',
  allowReminders: 'true',
  allowSMSDelivery: 'true',
  // Phone authentication is the SMS one-time code (identity-verification.ts); no voice call.
  enableSMSAuthentication: 'true',
  allowPhoneAuthentication: 'true',
  allowNonUSPhoneAuth: 'true',
  phoneAuthRecipientMayProvidePhoneNumber: 'false',
  enableSequentialSigningAPI: 'true',
  enableResponsiveSigning: 'false',
  enableAccessCodeGenerator: 'false',
  allowBulkSend: 'true',
}

const Days = Type.String({ maxLength: 3, description: 'Whole days, 0 to 999' })
const AccountNotification = Type.Object(
  {
    reminders: Type.Optional(
      Type.Object({
        reminderEnabled: Type.Optional(Type.String()),
        reminderDelay: Type.Optional(Days),
        reminderFrequency: Type.Optional(Days),
      }),
    ),
    expirations: Type.Optional(
      Type.Object({
        expireEnabled: Type.Optional(Type.String()),
        expireAfter: Type.Optional(Days),
        expireWarn: Type.Optional(Days),
      }),
    ),
    userOverrideEnabled: Type.Optional(Type.String()),
  },
  { description: "The account's reminder and expiration defaults for new envelopes" },
)
const ErrorBody = Type.Object({ errorCode: Type.String(), message: Type.String() })

const SettingsUpdate = Type.Object({
  ...Object.fromEntries(
    Object.keys(ACCOUNT_SETTINGS).map((name) => [name, Type.Optional(Type.String({ maxLength: 10 }))]),
  ),
  accountNotification: Type.Optional(AccountNotification),
})

const SETTABLE = new Set([...Object.keys(ACCOUNT_SETTINGS), 'accountNotification'])
const NOTIFICATION_FIELDS: Record<string, ReadonlySet<string> | undefined> = {
  reminders: new Set(['reminderEnabled', 'reminderDelay', 'reminderFrequency']),
  expirations: new Set(['expireEnabled', 'expireAfter', 'expireWarn']),
  userOverrideEnabled: undefined,
}

/**
 * DocuSign has hundreds of account settings; one this service does not have is refused by name before
 * validation (which would drop it), so a caller never believes a setting took effect.
 */
function refuseUnknownSettings(body: unknown): void {
  if (typeof body !== 'object' || body === null) return
  for (const name of Object.keys(body)) {
    if (!SETTABLE.has(name))
      throw new InvalidRequestError(`${name} is not a setting of this service; leave it out`)
  }
  const notification = (body as { accountNotification?: unknown }).accountNotification
  if (typeof notification !== 'object' || notification === null) return
  for (const [name, value] of Object.entries(notification)) {
    if (!(name in NOTIFICATION_FIELDS)) {
      throw new InvalidRequestError(
        `accountNotification.${name} is not supported by this service; leave it out`,
      )
    }
    const fields = NOTIFICATION_FIELDS[name]
    if (!fields || typeof value !== 'object' || value === null) continue
    for (const field of Object.keys(value)) {
      if (!fields.has(field)) {
        throw new InvalidRequestError(
          `accountNotification.${name}.${field} is not supported by this service; leave it out`,
        )
      }
    }
  }
}

/** A fixed setting may be sent back as it is (a client echoing what it read), never changed. */
function checkFixedSettings(body: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(body)) {
    if (name === 'accountNotification') continue
    const fixed = ACCOUNT_SETTINGS[name as keyof AccountSettingsInformation]
    if (fixed !== undefined && String(value).toLowerCase() !== fixed) {
      throw new InvalidRequestError(`${name} is not settable on this service: it is always "${fixed}"`)
    }
  }
}

export async function accountSettingsRoutes(app: App, ctx: ServiceContext) {
  app.get(
    '/settings',
    {
      schema: {
        tags: ['Accounts'],
        summary:
          "The account's settings: what this service supports, and the reminder and expiration defaults",
        security: [{ bearer: [] }],
        response: {
          200: Type.Composite([
            AccountSettingsInformation,
            Type.Object({ accountNotification: AccountNotification }),
          ]),
        },
      },
    },
    async (request) => {
      const defaults = await findNotificationDefaults(ctx.db, request.principal.accountId)
      return {
        ...ACCOUNT_SETTINGS,
        accountNotification: toAccountNotificationWire(defaults ?? ACCOUNT_NOTIFICATION_FALLBACK),
      }
    },
  )

  app.put(
    '/settings',
    {
      preHandler: requirePermission('administer'),
      preValidation: async (request) => refuseUnknownSettings(request.body),
      schema: {
        tags: ['Accounts'],
        summary: 'Update the account settings: accountNotification (reminder and expiration defaults)',
        description:
          'DocuSign Settings_PutSettings. Only accountNotification can change; the other settings describe ' +
          'what this service does and may be sent only with their current values. New envelopes without a ' +
          'notification, or with useAccountDefaults, take these defaults when they are created.',
        security: [{ bearer: [] }],
        body: SettingsUpdate,
        response: {
          200: Type.Unsafe<undefined>({ description: 'No body, as DocuSign answers.' }),
          400: ErrorBody,
          403: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      checkFixedSettings(request.body)
      const { accountId } = request.principal
      if (request.body.accountNotification) {
        const current = (await findNotificationDefaults(ctx.db, accountId)) ?? ACCOUNT_NOTIFICATION_FALLBACK
        const next = updatedDefaults(current, request.body.accountNotification)
        await saveNotificationDefaults(ctx.db, accountId, next, new Date(ctx.now()).toISOString())
      }
      return reply.code(200).send()
    },
  )
}
