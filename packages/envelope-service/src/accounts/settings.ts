import { type Static, Type } from '@sinclair/typebox'
import type { App } from 'platform'
import type { ServiceContext } from '../context.js'

/**
 * `GET /accounts/{accountId}/settings` (DocuSign AccountsApi.listSettings): DocuSign's
 * `accountSettingsInformation`, limited to the settings that describe what this service does. They are
 * the same for every account and not settable: each says what the code supports, so a client that checks
 * a setting before it uses a feature takes the right branch.
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

export async function accountSettingsRoutes(app: App, _ctx: ServiceContext) {
  app.get(
    '/settings',
    {
      schema: {
        tags: ['Accounts'],
        summary: "The account's settings (what this service supports; not settable)",
        security: [{ bearer: [] }],
        response: { 200: AccountSettingsInformation },
      },
    },
    async () => ACCOUNT_SETTINGS,
  )
}
