import { type Static, Type } from '@sinclair/typebox'

/**
 * An envelope's `emailSettings`: where replies to its email messages go, and who gets a blind copy of
 * each. DocuSign names the shape `emailSettings` on the envelope and its `email_settings` sub-resource.
 */

export const MAX_BCC_EMAIL_ADDRESSES = 5

export const BccEmailAddress = Type.Object({
  bccEmailAddressId: Type.Optional(Type.String({ maxLength: 100, description: 'Assigned when absent.' })),
  email: Type.String({ maxLength: 100, description: 'Gets a blind copy of every email of the envelope.' }),
})

export const EmailSettings = Type.Object({
  replyEmailAddressOverride: Type.Optional(
    Type.String({ maxLength: 100, description: 'The Reply-To address of every email of the envelope.' }),
  ),
  replyEmailNameOverride: Type.Optional(
    Type.String({ maxLength: 100, description: 'The Reply-To display name.' }),
  ),
  bccEmailAddresses: Type.Optional(Type.Array(BccEmailAddress, { maxItems: MAX_BCC_EMAIL_ADDRESSES })),
})
export type EmailSettings = Static<typeof EmailSettings>

/**
 * A recipient's own `emailNotification`: the subject and body of that recipient's messages, and their
 * language (`es` gets the Spanish texts, any other language the English ones; kept as given).
 */
export const RecipientEmailNotification = Type.Object({
  emailSubject: Type.Optional(Type.String({ maxLength: 100 })),
  emailBody: Type.Optional(Type.String({ maxLength: 10000 })),
  supportedLanguage: Type.Optional(Type.String({ maxLength: 10, description: 'e.g. `en`, `es`, `fr`.' })),
})
export type RecipientEmailNotification = Static<typeof RecipientEmailNotification>
