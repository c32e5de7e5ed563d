import { type Static, type TProperties, Type } from '@sinclair/typebox'
import { RecipientEmailNotification } from './email-settings.js'
import { ErrorDetails } from './errors.js'
import { FixedRecipientSettingsOutput, fixedRecipientSettingsInput } from './fixed-settings.js'
import { BooleanString, Digits, StringEnum } from './scalars.js'
import { Tabs } from './tabs.js'

/**
 * Recipients as DocuSign lists them: `signers`, `carbonCopies`, `certifiedDeliveries` (must open the
 * envelope, signs nothing) and `inPersonSigners` (sign on a host's device; the host is `hostName` /
 * `hostEmail`). Signers and in-person signers carry tabs. Other recipient lists (`agents`, `editors`,
 * `intermediaries`, `witnesses`, `seals`, ...) are not supported: the service names them in a 400.
 */

export const RECIPIENT_LISTS = ['signers', 'carbonCopies', 'certifiedDeliveries', 'inPersonSigners'] as const
export type RecipientList = (typeof RECIPIENT_LISTS)[number]

export const MAX_RECIPIENTS = 100

export const PhoneNumber = Type.Object({
  countryCode: Type.String({ pattern: '^[0-9]{1,4}$', description: 'Digits only, e.g. `1`, `57`.' }),
  number: Type.String({ pattern: '^[0-9]{4,15}$', description: 'Digits only.' }),
})
export type PhoneNumber = Static<typeof PhoneNumber>

export const AdditionalNotification = Type.Object({
  secondaryDeliveryMethod: Type.String({ description: '`SMS` (case-insensitive).' }),
  phoneNumber: PhoneNumber,
})
export type AdditionalNotification = Static<typeof AdditionalNotification>

/**
 * SMS one-time-code authentication, in DocuSign's two spellings: the phone identity-verification
 * workflow (`identityVerification`, its id listed by `GET .../identity_verification`, the numbers in a
 * `phone_number_list` input option) and the older `idCheckConfigurationName: "SMS Auth $"` with
 * `smsAuthentication.senderProvidedNumbers`. Accepted and stored, never returned.
 */
export const RecipientIdentityVerification = Type.Object({
  workflowId: Type.String({ minLength: 1, maxLength: 100 }),
  workflowLabel: Type.Optional(Type.String({ maxLength: 100 })),
  inputOptions: Type.Optional(
    Type.Array(
      Type.Object({
        name: Type.String({ maxLength: 100, description: '`phone_number_list` for the phone workflow.' }),
        valueType: Type.Optional(Type.String({ maxLength: 100 })),
        phoneNumberList: Type.Optional(
          Type.Array(
            Type.Object({
              countryCode: Type.String({ pattern: '^\\+?[0-9]{1,4}$' }),
              number: Type.String({ pattern: '^[0-9]{4,15}$' }),
              extension: Type.Optional(Type.String({ maxLength: 10 })),
            }),
            { maxItems: 5 },
          ),
        ),
      }),
      { maxItems: 10 },
    ),
  ),
})
export type RecipientIdentityVerification = Static<typeof RecipientIdentityVerification>

const recipientAuthenticationProperties = {
  identityVerification: Type.Optional(RecipientIdentityVerification),
  requireIdLookup: Type.Optional(
    Type.String({
      description:
        "DocuSign's switch for the ID check; the check is on whenever `idCheckConfigurationName` or `identityVerification` is given.",
    }),
  ),
  idCheckConfigurationName: Type.Optional(
    Type.String({ maxLength: 100, description: '`SMS Auth $` (with `smsAuthentication`).' }),
  ),
  smsAuthentication: Type.Optional(
    Type.Object({
      senderProvidedNumbers: Type.Array(Type.String({ maxLength: 30 }), { minItems: 1, maxItems: 5 }),
    }),
  ),
}

const Name = Type.String({ maxLength: 100 })
/** Read back on every recipient; on input it must name the list the recipient is in (else 400). */
const RecipientTypeName = Type.String({
  maxLength: 30,
  description:
    '`signer`, `carboncopy` (or `cc`), `certifieddelivery`, `inpersonsigner`: the list’s own type.',
})
const Email = Type.String({ maxLength: 100 })

/** How an envelope recipient is reached, whatever the list. */
const deliveryProperties = {
  deliveryMethod: Type.Optional(
    Type.String({ description: '`email` (default) or `SMS`, case-insensitive.' }),
  ),
  phoneNumber: Type.Optional(PhoneNumber),
  additionalNotifications: Type.Optional(Type.Array(AdditionalNotification, { maxItems: 5 })),
  clientUserId: Type.Optional(Type.String({ maxLength: 100, description: 'Set for embedded signing.' })),
  accessCode: Type.Optional(
    Type.String({ maxLength: 50, description: 'Code the recipient enters first; never returned.' }),
  ),
  ...recipientAuthenticationProperties,
}

/** What an envelope recipient's messages say and whether they are sent: see `RecipientEmailNotification`. */
const messageProperties = {
  emailNotification: Type.Optional(RecipientEmailNotification),
  suppressEmails: Type.Optional(BooleanString('`true`: no email goes to this recipient.')),
  customFields: Type.Optional(
    Type.Array(Type.String({ maxLength: 100 }), {
      maxItems: 20,
      description: "The sender's data about the recipient: stored and returned, not used otherwise.",
    }),
  ),
}

/** DocuSign's name parts: `name` is composed from them when absent. */
const nameParts = {
  firstName: Type.Optional(Type.String({ maxLength: 50 })),
  lastName: Type.Optional(Type.String({ maxLength: 50 })),
}

/**
 * What a recipient's own settings say, on an envelope's recipient and on a template's role alike (a
 * template role's are the defaults of the envelopes made from it): its messages, the sender's note and
 * the documents withheld from it.
 */
const recipientSettingsProperties = {
  ...messageProperties,
  note: Type.Optional(
    Type.String({
      maxLength: 1000,
      description: 'The sender’s note to this recipient, shown on the signing page (line breaks kept).',
    }),
  ),
  excludedDocuments: Type.Optional(
    Type.Array(Type.Union([Type.String({ pattern: '^[0-9]{1,9}$' }), Type.Integer({ minimum: 0 })]), {
      maxItems: 50,
      description:
        'Ids of the documents this recipient never receives or sees; needs the envelope’s (or template’s) `enforceSignerVisibility`.',
    }),
  ),
  documentVisibility: Type.Optional(
    Type.Array(
      Type.Object({
        documentId: Type.String({ pattern: '^[0-9]{1,9}$' }),
        recipientId: Type.Optional(Type.String({ description: 'This recipient’s id, when given.' })),
        visible: BooleanString('`false` adds the document to `excludedDocuments`.'),
        rights: Type.Optional(
          StringEnum(['read_only', 'editable'] as const, {
            description: '`read_only` only: recipients never edit documents here.',
          }),
        ),
      }),
      { maxItems: 50 },
    ),
  ),
}

/**
 * The four recipient lists over one recipient shape per kind: `base` for every kind, `person` (name,
 * email) for all but in-person signers, whose person is the host (`host`) and the signer.
 */
function recipientLists<B extends TProperties, P extends TProperties, H extends TProperties>(
  base: B,
  person: P,
  host: H,
) {
  const signerProperties = { signerName: Type.Optional(Name), signerEmail: Type.Optional(Email) }
  const typed = { ...base, recipientType: Type.Optional(RecipientTypeName) }
  // Carbon copies and certified deliveries share one shape, so one type's fixed settings serve both.
  const withoutTabs = Type.Object({ ...typed, ...person, ...fixedRecipientSettingsInput('carbonCopy') })
  const withTabs = Type.Object({
    ...typed,
    ...person,
    ...fixedRecipientSettingsInput('signer'),
    tabs: Type.Optional(Tabs),
  })
  const inPerson = Type.Object({
    ...typed,
    ...host,
    ...signerProperties,
    ...fixedRecipientSettingsInput('inPersonSigner'),
    tabs: Type.Optional(Tabs),
  })
  return Type.Object({
    signers: Type.Optional(Type.Array(withTabs, { maxItems: MAX_RECIPIENTS })),
    carbonCopies: Type.Optional(Type.Array(withoutTabs, { maxItems: MAX_RECIPIENTS })),
    certifiedDeliveries: Type.Optional(Type.Array(withoutTabs, { maxItems: MAX_RECIPIENTS })),
    inPersonSigners: Type.Optional(Type.Array(inPerson, { maxItems: MAX_RECIPIENTS })),
  })
}

/**
 * A template role's settings: the recipient settings, and its default delivery. A role that delivers by
 * SMS by default is given its phone number when an envelope fills it (`templateRoles[].phoneNumber`).
 */
const templateRoleSettings = {
  ...recipientSettingsProperties,
  deliveryMethod: Type.Optional(
    Type.String({
      description:
        '`email` (default) or `SMS`, case-insensitive: how the envelopes made from the template reach this role.',
    }),
  ),
}

/** A template's recipients are roles: `recipientId` and `roleName` are required, the person is optional. */
export const TemplateRecipients = recipientLists(
  {
    recipientId: Digits('Unique within the template.'),
    roleName: Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'Matched case-sensitively by envelopes.',
    }),
    routingOrder: Type.Optional(Digits('Signing order; defaults to "1".')),
    ...templateRoleSettings,
  },
  { name: Type.Optional(Name), ...nameParts, email: Type.Optional(Email) },
  { hostName: Type.Optional(Name), hostEmail: Type.Optional(Email) },
)
export type TemplateRecipients = Static<typeof TemplateRecipients>

/**
 * `PUT /templates/{templateId}/recipients`: each entry names a role by `recipientId`; the fields given
 * change, the others stay.
 */
export const TemplateRecipientUpdates = recipientLists(
  {
    recipientId: Digits('The role to update.'),
    roleName: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    routingOrder: Type.Optional(Digits('Signing order.')),
    ...templateRoleSettings,
  },
  { name: Type.Optional(Name), ...nameParts, email: Type.Optional(Email) },
  { hostName: Type.Optional(Name), hostEmail: Type.Optional(Email) },
)
export type TemplateRecipientUpdates = Static<typeof TemplateRecipientUpdates>

/**
 * An envelope's recipients (or an inline template's): every recipient but an in-person one needs an email
 * (checked by the service, which lets the placeholder signer of a conditional-recipient rule omit it).
 */
export const EnvelopeRecipients = recipientLists(
  {
    recipientId: Type.Optional(
      Digits('Identifier within the envelope, kept as given (unique per envelope); generated when absent.'),
    ),
    roleName: Type.Optional(Type.String({ maxLength: 100 })),
    routingOrder: Type.Optional(Digits('Signing order, from 1.')),
    ...deliveryProperties,
    ...recipientSettingsProperties,
  },
  {
    name: Type.Optional(Name),
    ...nameParts,
    email: Type.Optional(
      Type.String({
        maxLength: 100,
        description:
          'Required even with SMS delivery, except on the placeholder signer a conditional-recipient rule (`workflow`) fills.',
      }),
    ),
  },
  {
    hostName: Type.Optional(Name),
    hostEmail: Type.String({ maxLength: 100, description: 'The host, who runs the signing session.' }),
  },
)
export type EnvelopeRecipients = Static<typeof EnvelopeRecipients>
export type EnvelopeSigner = NonNullable<EnvelopeRecipients['signers']>[number]
export type EnvelopeCarbonCopy = NonNullable<EnvelopeRecipients['carbonCopies']>[number]
export type EnvelopeInPersonSigner = NonNullable<EnvelopeRecipients['inPersonSigners']>[number]

/** `templateRoles` of a `templateId` request: fills the template's role of that name. */
export const TemplateRole = Type.Object({
  roleName: Type.String({ minLength: 1, maxLength: 100 }),
  routingOrder: Type.Optional(Digits('Overrides the role’s routing order.')),
  name: Type.Optional(Name),
  email: Type.String({
    maxLength: 100,
    description: 'Required even with SMS delivery; the host’s for an in-person role.',
  }),
  inPersonSignerName: Type.Optional(
    Type.String({ maxLength: 100, description: 'Signer of an in-person role.' }),
  ),
  ...deliveryProperties,
  emailNotification: Type.Optional(RecipientEmailNotification),
  tabs: Type.Optional(Tabs),
  defaultRecipient: fixedRecipientSettingsInput('signer').defaultRecipient,
})
export type TemplateRole = Static<typeof TemplateRole>

/* ---------- responses ---------- */

/** A recipient as returned: one shape for every list, fields of other kinds omitted. */
export const RecipientOutput = Type.Object({
  recipientId: Type.String(),
  recipientIdGuid: Type.Optional(Type.String()),
  recipientType: Type.String(),
  roleName: Type.Optional(Type.String()),
  routingOrder: Type.String(),
  name: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  hostName: Type.Optional(Type.String()),
  hostEmail: Type.Optional(Type.String()),
  signerName: Type.Optional(Type.String()),
  signerEmail: Type.Optional(Type.String()),
  deliveryMethod: Type.Optional(Type.String()),
  phoneNumber: Type.Optional(PhoneNumber),
  additionalNotifications: Type.Optional(
    Type.Array(Type.Object({ secondaryDeliveryMethod: Type.String(), phoneNumber: PhoneNumber })),
  ),
  clientUserId: Type.Optional(Type.String()),
  firstName: Type.Optional(Type.String()),
  lastName: Type.Optional(Type.String()),
  emailNotification: Type.Optional(RecipientEmailNotification),
  suppressEmails: Type.Optional(Type.String()),
  customFields: Type.Optional(Type.Array(Type.String())),
  note: Type.Optional(Type.String()),
  excludedDocuments: Type.Optional(Type.Array(Type.String())),
  status: Type.Optional(Type.String()),
  sentDateTime: Type.Optional(Type.String()),
  ...FixedRecipientSettingsOutput,
  tabs: Type.Optional(Tabs),
})
export type RecipientOutput = Static<typeof RecipientOutput>

export const RecipientsOutput = Type.Object({
  signers: Type.Array(RecipientOutput),
  carbonCopies: Type.Array(RecipientOutput),
  certifiedDeliveries: Type.Array(RecipientOutput),
  inPersonSigners: Type.Array(RecipientOutput),
  recipientCount: Type.String(),
  currentRoutingOrder: Type.Optional(Type.String()),
})
export type RecipientsOutput = Static<typeof RecipientsOutput>

/* ---------- naming recipients ---------- */

/** A recipient named by id (deletes): DocuSign reads only its `recipientId`; the rest is ignored. */
const NamedRecipient = Type.Object({ recipientId: Type.String({ minLength: 1, maxLength: 100 }) })
const namedList = Type.Optional(Type.Array(NamedRecipient, { maxItems: MAX_RECIPIENTS }))

/** DocuSign's recipient lists as the body of a `DELETE .../recipients` (envelope or template). */
export const RecipientsToDelete = Type.Object({
  signers: namedList,
  carbonCopies: namedList,
  certifiedDeliveries: namedList,
  inPersonSigners: namedList,
})
export type RecipientsToDelete = Static<typeof RecipientsToDelete>

export function namedRecipientIds(body: RecipientsToDelete): string[] {
  return RECIPIENT_LISTS.flatMap((list) => body[list] ?? []).map((recipient) => recipient.recipientId)
}

/** DocuSign's `RecipientsUpdateSummary`: one entry per recipient named in an update, in request order. */
export const RecipientsUpdateSummary = Type.Object({
  recipientUpdateResults: Type.Array(
    Type.Object({
      recipientId: Type.String(),
      recipientIdGuid: Type.Optional(Type.String()),
      errorDetails: Type.Optional(ErrorDetails),
    }),
  ),
})
export type RecipientsUpdateSummary = Static<typeof RecipientsUpdateSummary>
