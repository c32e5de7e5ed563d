import { UNSUPPORTED_PROPERTIES, type UnsupportedPropertyScope } from 'esign-contract'
import type { preValidationHookHandler } from 'fastify'
import { InvalidRequestError } from 'platform'

/**
 * Refuses a create or update body that carries a DocuSign property this service does not support
 * (`UNSUPPORTED_PROPERTIES`), naming the first one found: DocuSign would act on it, so accepting and
 * dropping it would lose what the caller meant. Names match in any case, as the lenient body reader
 * reads declared ones. Runs after that reader and before validation.
 */

type Json = Record<string, unknown>
type Walk = (value: Json, path: string) => void

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const lowerCased = new Map(
  Object.entries(UNSUPPORTED_PROPERTIES).map(([scope, names]) => [
    scope,
    new Map(names.map((name) => [name.toLowerCase(), name])),
  ]),
)

function refuse(value: Json, path: string, scope: UnsupportedPropertyScope): void {
  const names = lowerCased.get(scope)
  if (!names) return
  for (const key of Object.keys(value)) {
    const name = names.get(key.toLowerCase())
    if (name !== undefined && value[key] !== undefined) {
      throw new InvalidRequestError(
        `${path === '' ? '' : `${path}.`}${key} is not supported by this service (DocuSign's ${name}); leave it out`,
      )
    }
  }
}

/** The property of `value` named `name` in any case (the lenient reader left an undeclared spelling). */
function child(value: Json, name: string): unknown {
  if (Object.hasOwn(value, name)) return value[name]
  const key = Object.keys(value).find((candidate) => candidate.toLowerCase() === name.toLowerCase())
  return key === undefined ? undefined : value[key]
}

function eachOf(value: Json, name: string, path: string, walk: Walk): void {
  const list = child(value, name)
  if (!Array.isArray(list)) return
  list.forEach((item, index) => {
    if (isObject(item)) walk(item, `${path === '' ? '' : `${path}.`}${name}[${index}]`)
  })
}

function oneOf(value: Json, name: string, path: string, walk: Walk): void {
  const item = child(value, name)
  if (isObject(item)) walk(item, `${path === '' ? '' : `${path}.`}${name}`)
}

const scoped =
  (scope: UnsupportedPropertyScope): Walk =>
  (value, path) =>
    refuse(value, path, scope)

/** A recipient's nested objects: its message wording, phones and authentication. */
const recipientParts: Walk = (recipient, path) => {
  oneOf(recipient, 'emailNotification', path, scoped('recipientEmailNotification'))
  oneOf(recipient, 'phoneNumber', path, scoped('recipientPhoneNumber'))
  eachOf(recipient, 'additionalNotifications', path, (notification, at) => {
    refuse(notification, at, 'recipientAdditionalNotification')
    oneOf(notification, 'phoneNumber', at, scoped('recipientPhoneNumber'))
  })
  oneOf(recipient, 'smsAuthentication', path, scoped('recipientSMSAuthentication'))
  oneOf(recipient, 'identityVerification', path, scoped('recipientIdentityVerification'))
}

const recipientOf =
  (scope: UnsupportedPropertyScope): Walk =>
  (recipient, path) => {
    refuse(recipient, path, scope)
    recipientParts(recipient, path)
  }

const RECIPIENT_SCOPES = {
  envelope: {
    signers: 'signer',
    carbonCopies: 'carbonCopy',
    certifiedDeliveries: 'certifiedDelivery',
    inPersonSigners: 'inPersonSigner',
  },
  template: {
    signers: 'templateSigner',
    carbonCopies: 'templateCarbonCopy',
    certifiedDeliveries: 'templateCertifiedDelivery',
    inPersonSigners: 'templateInPersonSigner',
  },
} as const satisfies Record<string, Record<string, UnsupportedPropertyScope>>

const recipientsWalk =
  (kind: keyof typeof RECIPIENT_SCOPES): Walk =>
  (recipients, path) => {
    for (const [list, scope] of Object.entries(RECIPIENT_SCOPES[kind]))
      eachOf(recipients, list, path, recipientOf(scope))
  }

const notificationWalk: Walk = (notification, path) => {
  refuse(notification, path, 'notification')
  oneOf(notification, 'reminders', path, scoped('reminders'))
  oneOf(notification, 'expirations', path, scoped('expirations'))
}

const emailSettingsWalk: Walk = (settings, path) => {
  refuse(settings, path, 'emailSettings')
  eachOf(settings, 'bccEmailAddresses', path, scoped('bccEmailAddress'))
}

const customFieldsWalk: Walk = (fields, path) => {
  refuse(fields, path, 'customFields')
  eachOf(fields, 'textCustomFields', path, scoped('textCustomField'))
  eachOf(fields, 'listCustomFields', path, scoped('listCustomField'))
}

const workflowWalk: Walk = (workflow, path) => {
  refuse(workflow, path, 'workflow')
  eachOf(workflow, 'workflowSteps', path, (step, at) => {
    refuse(step, at, 'workflowStep')
    oneOf(step, 'recipientRouting', at, (routing, routingAt) => {
      refuse(routing, routingAt, 'recipientRouting')
      oneOf(routing, 'rules', routingAt, (rules, rulesAt) =>
        eachOf(rules, 'conditionalRecipients', rulesAt, scoped('conditionalRecipientRule')),
      )
    })
  })
}

/** The nested objects an envelope and a template share. */
const definitionParts: Walk = (definition, path) => {
  oneOf(definition, 'notification', path, notificationWalk)
  oneOf(definition, 'emailSettings', path, emailSettingsWalk)
  oneOf(definition, 'customFields', path, customFieldsWalk)
  oneOf(definition, 'workflow', path, workflowWalk)
}

const inlineTemplate: Walk = (inline, path) => {
  refuse(inline, path, 'inlineTemplate')
  oneOf(inline, 'recipients', path, recipientsWalk('envelope'))
  eachOf(inline, 'documents', path, scoped('document'))
  oneOf(inline, 'customFields', path, customFieldsWalk)
}

const compositeTemplate: Walk = (composite, path) => {
  refuse(composite, path, 'compositeTemplate')
  eachOf(composite, 'serverTemplates', path, scoped('serverTemplate'))
  eachOf(composite, 'inlineTemplates', path, inlineTemplate)
  oneOf(composite, 'document', path, scoped('document'))
}

/** `POST /envelopes`. */
export function refuseUnsupportedInEnvelope(body: unknown): void {
  if (!isObject(body)) return
  refuse(body, '', 'envelopeDefinition')
  definitionParts(body, '')
  oneOf(body, 'eventNotification', '', scoped('eventNotification'))
  oneOf(body, 'recipients', '', recipientsWalk('envelope'))
  eachOf(body, 'templateRoles', '', (role, path) => {
    refuse(role, path, 'templateRole')
    recipientParts(role, path)
  })
  eachOf(body, 'documents', '', scoped('document'))
  eachOf(body, 'compositeTemplates', '', compositeTemplate)
}

/** `POST /templates` and `PUT /templates/{templateId}`. */
export function refuseUnsupportedInTemplate(body: unknown): void {
  if (!isObject(body)) return
  refuse(body, '', 'envelopeTemplate')
  definitionParts(body, '')
  oneOf(body, 'recipients', '', recipientsWalk('template'))
  eachOf(body, 'documents', '', scoped('document'))
}

/** A walk over a whole request body (each sub-resource's body is one DocuSign object). */
const wholeBody =
  (walk: Walk) =>
  (body: unknown): void => {
    if (isObject(body)) walk(body, '')
  }

/** `POST /envelopes/{envelopeId}/recipients`: DocuSign's recipient lists. */
export const refuseUnsupportedInRecipients = wholeBody(recipientsWalk('envelope'))

/** `POST` and `PUT /templates/{templateId}/recipients`: a template's recipient lists. */
export const refuseUnsupportedInTemplateRecipients = wholeBody(recipientsWalk('template'))

/** `POST`/`PUT .../custom_fields` of envelopes and templates: DocuSign's customFields. */
export const refuseUnsupportedInCustomFields = wholeBody(customFieldsWalk)

/** `PUT /envelopes/{envelopeId}/notification`: DocuSign's notification (reminders and expirations). */
export const refuseUnsupportedInNotification = wholeBody(notificationWalk)

/** The `email_settings` sub-resource: DocuSign's emailSettings. */
export const refuseUnsupportedInEmailSettings = wholeBody(emailSettingsWalk)

/**
 * A body that this service reads only in part (`PUT /envelopes/{envelopeId}`, DocuSign's whole `Envelope`
 * model): any property but the `declared` ones is refused, naming it, since the service would not act
 * on it. A null is an absent property.
 */
export function refuseUndeclared(declared: readonly string[], what: string): (body: unknown) => void {
  const known = new Set(declared.map((name) => name.toLowerCase()))
  return (body) => {
    if (!isObject(body)) return
    for (const [key, value] of Object.entries(body)) {
      if (value === undefined || value === null || known.has(key.toLowerCase())) continue
      throw new InvalidRequestError(
        `${key} is not supported by this service's ${what} (it takes ${declared.join(', ')}); leave it out`,
      )
    }
  }
}

/** As a route's preValidation hook (after the lenient body reader, before validation). */
export const refusingUnsupported =
  (check: (body: unknown) => void): preValidationHookHandler =>
  async (request) => {
    check(request.body)
  }
