import { readFileSync } from 'node:fs'
import type { TObject } from '@sinclair/typebox'
import {
  AdditionalNotification,
  BccEmailAddress,
  CompositeTemplate,
  ConditionalRecipientRule,
  CustomFields,
  Document,
  EmailSettings,
  EnvelopeDefinition,
  EnvelopeRecipients,
  EventNotification,
  Expirations,
  InlineTemplate,
  ListCustomField,
  Notification,
  PhoneNumber,
  RecipientEmailNotification,
  RecipientIdentityVerification,
  RecipientRouting,
  Reminders,
  ServerTemplate,
  TemplateDefinition,
  TemplateRecipients,
  TemplateRole,
  TextCustomField,
  UNSUPPORTED_PROPERTIES,
  type UnsupportedPropertyScope,
  Workflow,
  WorkflowStep,
} from 'esign-contract'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makePdfBase64 } from '../documents/test-pdfs.js'
import { seedPrincipal, startTestService, type TestPrincipal, type TestService } from '../testing/harness.js'
import { injectAs } from '../testing/inject.js'

/**
 * Nothing accepted and dropped: every settable property of DocuSign's definitions for a create request
 * (vendored in `testing/docusign/definitions.json`) is declared by the contract, or refused with a 400
 * that names it as not supported. Read-only properties are ignored, as DocuSign ignores them.
 */

interface SpecProperty {
  type: string
  readOnly?: boolean
}
const { definitions } = JSON.parse(
  readFileSync(new URL('./testing/docusign/definitions.json', import.meta.url), 'utf8'),
) as { definitions: Record<string, Record<string, SpecProperty>> }

const itemsOf = (schema: TObject, list: string) =>
  (schema.properties[list] as unknown as { items: TObject }).items

/** Each scope of the refusal list: DocuSign's definition and the contract's schema for it. */
const SCOPES: Record<UnsupportedPropertyScope, { definition: string; schema: TObject }> = {
  envelopeDefinition: { definition: 'envelopeDefinition', schema: EnvelopeDefinition },
  envelopeTemplate: { definition: 'envelopeTemplate', schema: TemplateDefinition },
  signer: { definition: 'signer', schema: itemsOf(EnvelopeRecipients, 'signers') },
  carbonCopy: { definition: 'carbonCopy', schema: itemsOf(EnvelopeRecipients, 'carbonCopies') },
  certifiedDelivery: {
    definition: 'certifiedDelivery',
    schema: itemsOf(EnvelopeRecipients, 'certifiedDeliveries'),
  },
  inPersonSigner: { definition: 'inPersonSigner', schema: itemsOf(EnvelopeRecipients, 'inPersonSigners') },
  templateSigner: { definition: 'signer', schema: itemsOf(TemplateRecipients, 'signers') },
  templateCarbonCopy: { definition: 'carbonCopy', schema: itemsOf(TemplateRecipients, 'carbonCopies') },
  templateCertifiedDelivery: {
    definition: 'certifiedDelivery',
    schema: itemsOf(TemplateRecipients, 'certifiedDeliveries'),
  },
  templateInPersonSigner: {
    definition: 'inPersonSigner',
    schema: itemsOf(TemplateRecipients, 'inPersonSigners'),
  },
  templateRole: { definition: 'templateRole', schema: TemplateRole },
  document: { definition: 'document', schema: Document },
  compositeTemplate: { definition: 'compositeTemplate', schema: CompositeTemplate },
  inlineTemplate: { definition: 'inlineTemplate', schema: InlineTemplate },
  serverTemplate: { definition: 'serverTemplate', schema: ServerTemplate },
  notification: { definition: 'notification', schema: Notification },
  reminders: { definition: 'reminders', schema: Reminders },
  expirations: { definition: 'expirations', schema: Expirations },
  eventNotification: { definition: 'eventNotification', schema: EventNotification },
  emailSettings: { definition: 'emailSettings', schema: EmailSettings },
  bccEmailAddress: { definition: 'bccEmailAddress', schema: BccEmailAddress },
  recipientEmailNotification: {
    definition: 'recipientEmailNotification',
    schema: RecipientEmailNotification,
  },
  textCustomField: { definition: 'textCustomField', schema: TextCustomField },
  listCustomField: { definition: 'listCustomField', schema: ListCustomField },
  customFields: { definition: 'customFields', schema: CustomFields },
  workflow: { definition: 'workflow', schema: Workflow },
  workflowStep: { definition: 'workflowStep', schema: WorkflowStep },
  recipientRouting: { definition: 'recipientRouting', schema: RecipientRouting },
  conditionalRecipientRule: { definition: 'conditionalRecipientRule', schema: ConditionalRecipientRule },
  recipientPhoneNumber: { definition: 'recipientPhoneNumber', schema: PhoneNumber },
  recipientAdditionalNotification: {
    definition: 'recipientAdditionalNotification',
    schema: AdditionalNotification,
  },
  recipientSMSAuthentication: {
    definition: 'recipientSMSAuthentication',
    schema: itemsOf(EnvelopeRecipients, 'signers').properties.smsAuthentication as unknown as TObject,
  },
  recipientIdentityVerification: {
    definition: 'recipientIdentityVerification',
    schema: RecipientIdentityVerification,
  },
}

/** Properties with their own refusal elsewhere: a carbon copy's tabs (only signers have tabs). */
const REFUSED_ELSEWHERE: Partial<Record<UnsupportedPropertyScope, string[]>> = {
  carbonCopy: ['tabs'],
  templateCarbonCopy: ['tabs'],
}

const scopes = Object.entries(SCOPES) as Array<
  [UnsupportedPropertyScope, (typeof SCOPES)[UnsupportedPropertyScope]]
>

describe("the refusal list against DocuSign's definitions", () => {
  it.each(scopes)(
    '%s: every settable property is declared or refused, never both',
    (scope, { definition, schema }) => {
      const declared = new Set(Object.keys(schema.properties))
      const refused = new Set<string>(UNSUPPORTED_PROPERTIES[scope])
      const elsewhere = new Set(REFUSED_ELSEWHERE[scope] ?? [])
      const spec = definitions[definition] ?? {}
      const unaccounted = Object.entries(spec)
        .filter(([name, property]) => !property.readOnly && !declared.has(name) && !refused.has(name))
        .map(([name]) => name)
        .filter((name) => !elsewhere.has(name))
      expect(unaccounted).toEqual([])
      expect([...refused].filter((name) => declared.has(name))).toEqual([])
      expect([...refused].filter((name) => spec[name] === undefined)).toEqual([])
    },
  )
})

/** A value of the property's JSON type (never null, which means absent). */
const sampleOf = (type: string): unknown =>
  type === 'array' ? [] : type === 'object' ? {} : type === 'boolean' ? true : type === 'integer' ? 1 : 'true'

describeEachDatabase('unsupported properties are refused, naming them', (databases) => {
  let service: TestService
  let sender: TestPrincipal
  let onePage: string

  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl())
    sender = await seedPrincipal(service.ctx)
    onePage = await makePdfBase64(1)
  })
  afterAll(() => service?.close())

  const person = { name: 'Ana', email: 'ana@example.test', recipientId: '1' }
  const envelope = () => ({
    status: 'created',
    emailSubject: 'Refusals',
    documents: [{ documentId: '1', name: 'One.pdf', fileExtension: 'pdf', documentBase64: onePage }],
    recipients: {
      signers: [{ ...person }],
      carbonCopies: [{ ...person, recipientId: '2' }],
      certifiedDeliveries: [{ ...person, recipientId: '3' }],
      inPersonSigners: [
        { hostName: 'Host', hostEmail: 'host@example.test', signerName: 'Walk-in', recipientId: '4' },
      ],
    },
  })
  const template = () => ({
    name: 'Refusals',
    documents: [{ documentId: '1', name: 'One.pdf', fileExtension: 'pdf', documentBase64: onePage }],
    recipients: {
      signers: [{ recipientId: '1', roleName: 'A' }],
      carbonCopies: [{ recipientId: '2', roleName: 'B' }],
      certifiedDeliveries: [{ recipientId: '3', roleName: 'C' }],
      inPersonSigners: [{ recipientId: '4', roleName: 'D' }],
    },
  })

  /** Where each scope sits in a request: the route, a valid body, and the object to add the property to. */
  type Place = { route: string; body: () => Record<string, unknown>; at: string[] }
  const PLACES = {
    envelopeDefinition: { route: '/envelopes', body: envelope, at: [] },
    signer: { route: '/envelopes', body: envelope, at: ['recipients', 'signers', '0'] },
    carbonCopy: { route: '/envelopes', body: envelope, at: ['recipients', 'carbonCopies', '0'] },
    certifiedDelivery: {
      route: '/envelopes',
      body: envelope,
      at: ['recipients', 'certifiedDeliveries', '0'],
    },
    inPersonSigner: { route: '/envelopes', body: envelope, at: ['recipients', 'inPersonSigners', '0'] },
    document: { route: '/envelopes', body: envelope, at: ['documents', '0'] },
    templateRole: {
      route: '/envelopes',
      body: () => ({ templateId: 'any', templateRoles: [{ roleName: 'A', email: 'a@example.test' }] }),
      at: ['templateRoles', '0'],
    },
    compositeTemplate: {
      route: '/envelopes',
      body: () => ({ compositeTemplates: [{ inlineTemplates: [{ sequence: '1' }] }] }),
      at: ['compositeTemplates', '0'],
    },
    inlineTemplate: {
      route: '/envelopes',
      body: () => ({ compositeTemplates: [{ inlineTemplates: [{ sequence: '1' }] }] }),
      at: ['compositeTemplates', '0', 'inlineTemplates', '0'],
    },
    serverTemplate: { route: '/envelopes', body: envelope, at: [] },
    envelopeTemplate: { route: '/templates', body: template, at: [] },
    templateSigner: { route: '/templates', body: template, at: ['recipients', 'signers', '0'] },
    templateCarbonCopy: { route: '/templates', body: template, at: ['recipients', 'carbonCopies', '0'] },
    templateCertifiedDelivery: {
      route: '/templates',
      body: template,
      at: ['recipients', 'certifiedDeliveries', '0'],
    },
    templateInPersonSigner: {
      route: '/templates',
      body: template,
      at: ['recipients', 'inPersonSigners', '0'],
    },
    ...nestedPlaces(),
  } satisfies Record<UnsupportedPropertyScope, Place>

  /** An envelope with `part` at `at` (the objects on the way are made as needed). */
  function envelopeWith(at: string[], part: Record<string, unknown>) {
    return () => {
      const request = envelope() as Record<string, unknown>
      let target = request
      at.forEach((step, index) => {
        if (index === at.length - 1) target[step] = structuredClone(part)
        else {
          target[step] ??= /^\d+$/.test(at[index + 1] as string) ? [] : {}
          target = target[step] as Record<string, unknown>
        }
      })
      return request
    }
  }

  /** The nested objects, each in an envelope (their refusals are the same in a template). */
  function nestedPlaces() {
    const phone = { countryCode: '1', number: '5551234567' }
    const signer = ['recipients', 'signers', '0']
    const step = ['workflow', 'workflowSteps', '0']
    const nested = {
      notification: [['notification'], {}],
      reminders: [['notification', 'reminders'], {}],
      expirations: [['notification', 'expirations'], {}],
      eventNotification: [
        ['eventNotification'],
        { url: 'https://example.test/hook', events: ['envelope-completed'] },
      ],
      emailSettings: [['emailSettings'], {}],
      bccEmailAddress: [['emailSettings', 'bccEmailAddresses', '0'], { email: 'bcc@example.test' }],
      recipientEmailNotification: [[...signer, 'emailNotification'], { emailSubject: 'Hola' }],
      textCustomField: [['customFields', 'textCustomFields', '0'], { name: 'crm', value: '1' }],
      listCustomField: [
        ['customFields', 'listCustomFields', '0'],
        { name: 'kind', value: 'a', listItems: ['a'] },
      ],
      customFields: [['customFields'], {}],
      workflow: [['workflow'], {}],
      workflowStep: [step, {}],
      recipientRouting: [[...step, 'recipientRouting'], {}],
      conditionalRecipientRule: [[...step, 'recipientRouting', 'rules', 'conditionalRecipients', '0'], {}],
      recipientPhoneNumber: [[...signer, 'phoneNumber'], phone],
      recipientAdditionalNotification: [
        [...signer, 'additionalNotifications', '0'],
        { secondaryDeliveryMethod: 'SMS', phoneNumber: phone },
      ],
      recipientSMSAuthentication: [
        [...signer, 'smsAuthentication'],
        { senderProvidedNumbers: ['+15551234567'] },
      ],
      recipientIdentityVerification: [[...signer, 'identityVerification'], { workflowId: 'any' }],
    } satisfies Partial<Record<UnsupportedPropertyScope, [string[], Record<string, unknown>]>>
    return Object.fromEntries(
      Object.entries(nested).map(([scope, [at, part]]) => [
        scope,
        { route: '/envelopes', body: envelopeWith(at, part), at },
      ]),
    ) as Record<keyof typeof nested, Place>
  }

  const cases = scopes.flatMap(([scope, { definition }]) =>
    UNSUPPORTED_PROPERTIES[scope].map((name) => ({
      scope,
      name,
      type: definitions[definition]?.[name]?.type ?? 'string',
    })),
  )

  it(`refuses each of the ${cases.length} unsupported properties with a 400 naming it`, async () => {
    for (const { scope, name, type } of cases) {
      const { route, body, at } = PLACES[scope]
      const request = body()
      let target = request as Record<string, unknown>
      for (const step of at) target = target[step] as Record<string, unknown>
      target[name] = sampleOf(type)
      const response = await injectAs(service, sender, 'POST', route, request)
      const path = [...at, name].join('.').replace(/\.(\d+)/g, '[$1]')
      expect(response.statusCode, `${scope}.${name}: ${response.body}`).toBe(400)
      expect(response.json()).toEqual({
        errorCode: 'INVALID_REQUEST_PARAMETER',
        message: `${path} is not supported by this service (DocuSign's ${name}); leave it out`,
      })
    }
  })

  it('accepts the message properties issue 21 acts on, where the refusal list no longer names them', async () => {
    const request = envelope()
    Object.assign(request, {
      emailSettings: { bccEmailAddresses: [{ email: 'archive@example.test' }] },
      expireEnabled: 'true',
      expireAfter: '30',
    })
    const recipients = request.recipients as Record<string, Record<string, unknown>[]>
    const messages = {
      emailNotification: { emailSubject: 'Firme', supportedLanguage: 'es' },
      suppressEmails: 'true',
      customFields: ['crm:1'],
    }
    for (const list of ['signers', 'carbonCopies', 'certifiedDeliveries', 'inPersonSigners'])
      Object.assign(recipients[list]![0]!, messages)
    for (const list of ['signers', 'carbonCopies', 'certifiedDeliveries'])
      Object.assign(recipients[list]![0]!, { firstName: 'Ana', lastName: 'García' })
    const response = await injectAs(service, sender, 'POST', '/envelopes', request)
    expect(response.statusCode, response.body).toBe(201)
    for (const name of ['emailSettings', 'expireEnabled', 'expireAfter'])
      expect(UNSUPPORTED_PROPERTIES.envelopeDefinition).not.toContain(name)
    for (const name of Object.keys(messages)) {
      expect(UNSUPPORTED_PROPERTIES.signer).not.toContain(name)
      expect(UNSUPPORTED_PROPERTIES.inPersonSigner).not.toContain(name)
      expect(UNSUPPORTED_PROPERTIES.templateSigner).not.toContain(name)
      expect(UNSUPPORTED_PROPERTIES.templateInPersonSigner).not.toContain(name)
    }
  })

  it("accepts on a template's roles what envelope recipients act on, and the template's workflow", async () => {
    const request = template()
    const settings = {
      emailNotification: { emailSubject: 'Firme', supportedLanguage: 'es' },
      suppressEmails: 'true',
      customFields: ['crm:1'],
      note: 'Read page 1',
      excludedDocuments: [],
      deliveryMethod: 'email',
    }
    const recipients = request.recipients as Record<string, Record<string, unknown>[]>
    for (const list of ['signers', 'carbonCopies', 'certifiedDeliveries', 'inPersonSigners'])
      Object.assign(recipients[list]![0]!, settings)
    for (const list of ['signers', 'carbonCopies', 'certifiedDeliveries'])
      Object.assign(recipients[list]![0]!, { firstName: 'Ana', lastName: 'García' })
    Object.assign(request, {
      enforceSignerVisibility: 'true',
      workflow: { workflowSteps: [{ action: 'pause_before', triggerOnItem: 'routing_order', itemId: '2' }] },
    })
    recipients.carbonCopies![0]!.routingOrder = '2'
    const response = await injectAs(service, sender, 'POST', '/templates', request)
    expect(response.statusCode, response.body).toBe(201)
    for (const name of [...Object.keys(settings), 'firstName', 'lastName', 'documentVisibility'])
      expect(UNSUPPORTED_PROPERTIES.templateSigner).not.toContain(name)
    for (const name of ['workflow', 'enforceSignerVisibility'])
      expect(UNSUPPORTED_PROPERTIES.envelopeTemplate).not.toContain(name)
  })

  it('accepts the same bodies without them', async () => {
    expect((await injectAs(service, sender, 'POST', '/envelopes', envelope())).statusCode).toBe(201)
    expect((await injectAs(service, sender, 'POST', '/templates', template())).statusCode).toBe(201)
  })

  it('refuses the nested ones in the sub-resources that take those objects alone, and in a template', async () => {
    const draft = (await injectAs(service, sender, 'POST', '/envelopes', envelope())).json().envelopeId
    const stored = (await injectAs(service, sender, 'POST', '/templates', template())).json().templateId
    const refusals: Array<[string, string, Record<string, unknown>, string]> = [
      [
        'POST',
        `/envelopes/${draft}/custom_fields`,
        { textCustomFields: [{ name: 'crm', value: '1', configurationType: 'salesforce' }] },
        'textCustomFields[0].configurationType',
      ],
      [
        'PUT',
        `/templates/${stored}/custom_fields`,
        { listCustomFields: [{ fieldId: '1', configurationType: 'salesforce' }] },
        'listCustomFields[0].configurationType',
      ],
      ['PUT', `/envelopes/${draft}/notification`, { reminders: { reminderEnabled: 'true' }, x: 1 }, ''],
      [
        'POST',
        `/envelopes/${draft}/email_settings`,
        { bccEmailAddresses: [{ email: 'a@example.test' }], replyEmailNameOverrideMetadata: {} },
        '',
      ],
      [
        'POST',
        '/templates',
        {
          ...template(),
          customFields: { textCustomFields: [{ name: 'a', configurationType: 'salesforce' }] },
        },
        'customFields.textCustomFields[0].configurationType',
      ],
      [
        'POST',
        `/envelopes/${draft}/recipients`,
        {
          signers: [
            {
              ...person,
              recipientId: '9',
              phoneNumber: { countryCode: '1', number: '5551234567', numberMetadata: {} },
            },
          ],
        },
        'signers[0].phoneNumber.numberMetadata',
      ],
    ]
    for (const [method, route, body, path] of refusals) {
      const response = await injectAs(service, sender, method as 'POST', route, body)
      if (path === '') {
        // Not one of DocuSign's properties there: ignored, as DocuSign ignores unknown names.
        expect(response.statusCode, `${route}: ${response.body}`).toBeLessThan(300)
        continue
      }
      const name = path.split('.').pop()
      expect(response.statusCode, `${route}: ${response.body}`).toBe(400)
      expect(response.json().message).toBe(
        `${path} is not supported by this service (DocuSign's ${name}); leave it out`,
      )
    }
  })
})
