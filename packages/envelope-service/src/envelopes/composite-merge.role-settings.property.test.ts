import type { Workflow } from 'esign-contract'
import fc from 'fast-check'
import { InvalidRequestError } from 'platform'
import { describe, expect, it } from 'vitest'
import type { TemplateRole } from '../templates/model.js'
import type { InlineDocumentContent } from './composite-layers.js'
import { mergeEnvelopeDefinition } from './composite-merge.js'
import type { EnvelopeDefinitionInput } from './schema.js'
import { template, templateMap } from './testing/fixtures.js'

/**
 * A template role's own settings (issue 21) are the defaults of the recipient an envelope makes of it:
 * each setting the envelope gives for that role (an inline template's recipient of a later sequence,
 * or `templateRoles`) wins, each it leaves out is the stored role's. A template's `workflow` and
 * `enforceSignerVisibility` follow the rule of its `notification`: the request's own, else the
 * composites' first that carries one.
 */

const none = new Map<string, InlineDocumentContent>()
const person = { name: 'Ana', email: 'ana@example.test' }
const phone = { countryCode: '1', number: '4155550100' }

const settingsArbitrary = fc.record(
  {
    firstName: fc.constantFrom('Ana', 'Bea'),
    lastName: fc.constantFrom('Ruiz', 'Sol'),
    emailNotification: fc.record(
      {
        emailSubject: fc.constantFrom('Firme', 'Sign'),
        supportedLanguage: fc.constantFrom('es', 'en'),
      },
      { requiredKeys: ['emailSubject'] },
    ),
    suppressEmails: fc.boolean(),
    customFields: fc.array(fc.constantFrom('crm:1', 'crm:2'), { maxLength: 2 }),
    note: fc.constantFrom('Bring ID', 'Room 3'),
    excludedDocuments: fc.constant<string[]>(['2']),
    deliveryMethod: fc.constantFrom('email' as const, 'SMS' as const),
  },
  { requiredKeys: [] },
)
type Settings = typeof settingsArbitrary extends fc.Arbitrary<infer T> ? T : never

/** The same settings as an inline recipient gives them on the wire. */
function wireOf(settings: Settings) {
  return {
    ...(settings.firstName !== undefined ? { firstName: settings.firstName } : {}),
    ...(settings.lastName !== undefined ? { lastName: settings.lastName } : {}),
    ...(settings.emailNotification ? { emailNotification: settings.emailNotification } : {}),
    ...(settings.suppressEmails !== undefined
      ? { suppressEmails: settings.suppressEmails ? ('true' as const) : ('false' as const) }
      : {}),
    ...(settings.customFields ? { customFields: settings.customFields } : {}),
    ...(settings.note !== undefined ? { note: settings.note } : {}),
    ...(settings.excludedDocuments ? { excludedDocuments: settings.excludedDocuments } : {}),
    ...(settings.deliveryMethod ? { deliveryMethod: settings.deliveryMethod } : {}),
  }
}

const SETTING_NAMES = [
  'firstName',
  'lastName',
  'emailNotification',
  'suppressEmails',
  'customFields',
  'note',
  'excludedDocuments',
  'deliveryMethod',
] as const

const stored = (settings: Settings, extra: Partial<Parameters<typeof template>[1]> = {}) =>
  template('t', {
    documents: [{ documentId: '1' }, { documentId: '2' }],
    roles: [
      {
        roleName: 'Tenant',
        tabs: { signHereTabs: [{ documentId: '1', pageNumber: '1', xPosition: '1', yPosition: '1' }] },
        ...(settings as Partial<TemplateRole>),
      },
    ],
    ...extra,
  })

describe('template role settings carried into envelopes', () => {
  it("takes each setting from the request's inline recipient when given, else from the stored role", () => {
    fc.assert(
      fc.property(settingsArbitrary, settingsArbitrary, (fromTemplate, fromRequest) => {
        const request: EnvelopeDefinitionInput = {
          status: 'sent',
          enforceSignerVisibility: 'true',
          compositeTemplates: [
            {
              serverTemplates: [{ sequence: '1', templateId: 't' }],
              inlineTemplates: [
                {
                  sequence: '2',
                  recipients: {
                    signers: [
                      {
                        roleName: 'Tenant',
                        recipientId: '1',
                        ...person,
                        phoneNumber: phone,
                        ...wireOf(fromRequest),
                      },
                    ],
                  },
                },
              ],
            },
          ],
        }
        const [recipient] = mergeEnvelopeDefinition(
          request,
          templateMap(stored(fromTemplate)),
          none,
        ).recipients
        for (const name of SETTING_NAMES) {
          const expected =
            name === 'deliveryMethod'
              ? (fromRequest.deliveryMethod ?? fromTemplate.deliveryMethod ?? 'email')
              : (fromRequest[name] ?? fromTemplate[name])
          expect(recipient?.[name], name).toEqual(expected)
        }
      }),
    )
  })

  it('fills a templateId role from templateRoles: its email text and delivery win, the rest is the role’s', () => {
    fc.assert(
      fc.property(
        settingsArbitrary,
        fc.option(fc.constantFrom('Firme ya', 'Sign now'), { nil: undefined }),
        fc.option(fc.constantFrom('email', 'sms'), { nil: undefined }),
        (fromTemplate, subject, deliveryMethod) => {
          const request: EnvelopeDefinitionInput = {
            status: 'created',
            enforceSignerVisibility: 'true',
            templateId: 't',
            templateRoles: [
              {
                roleName: 'Tenant',
                ...person,
                phoneNumber: phone,
                ...(subject ? { emailNotification: { emailSubject: subject } } : {}),
                ...(deliveryMethod ? { deliveryMethod } : {}),
              },
            ],
          }
          const [recipient] = mergeEnvelopeDefinition(
            request,
            templateMap(stored(fromTemplate)),
            none,
          ).recipients
          expect(recipient?.emailNotification).toEqual(
            subject ? { emailSubject: subject } : fromTemplate.emailNotification,
          )
          const given = deliveryMethod === 'sms' ? 'SMS' : deliveryMethod
          expect(recipient?.deliveryMethod).toBe(given ?? fromTemplate.deliveryMethod ?? 'email')
          for (const name of ['note', 'suppressEmails', 'customFields', 'excludedDocuments'] as const) {
            expect(recipient?.[name], name).toEqual(fromTemplate[name])
          }
        },
      ),
    )
  })

  const pause = (itemId: string): Workflow => ({
    workflowSteps: [{ action: 'pause_before', triggerOnItem: 'routing_order', itemId }],
  })

  it("takes the request's workflow and enforceSignerVisibility, else the first composite's template that has them", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            workflow: fc.option(fc.constantFrom('2', '3'), { nil: undefined }),
            enforced: fc.boolean(),
          }),
          { minLength: 1, maxLength: 3 },
        ),
        fc.option(fc.constantFrom('4'), { nil: undefined }),
        fc.option(fc.constantFrom('true', 'false'), { nil: undefined }),
        (templates, requestPause, requestEnforced) => {
          const stores = templates.map((_, index) =>
            template(`t${index}`, {
              documents: [{ documentId: '1' }],
              roles: [{ roleName: 'Tenant' }],
            }),
          )
          templates.forEach((entry, index) => {
            const target = stores[index] as ReturnType<typeof template>
            if (entry.workflow) target.workflow = pause(entry.workflow)
            if (entry.enforced) target.enforceSignerVisibility = true
          })
          const request: EnvelopeDefinitionInput = {
            status: 'created',
            ...(requestPause ? { workflow: pause(requestPause) } : {}),
            ...(requestEnforced ? { enforceSignerVisibility: requestEnforced } : {}),
            compositeTemplates: stores.map((stored) => ({
              serverTemplates: [{ sequence: '1', templateId: stored.templateId }],
            })),
          }
          const merged = mergeEnvelopeDefinition(request, templateMap(...stores), none)
          const firstWorkflow = templates.find((entry) => entry.workflow)?.workflow
          const expectedPause = requestPause ?? firstWorkflow
          expect(merged.workflow).toEqual(expectedPause ? pause(expectedPause) : undefined)
          expect(merged.enforceSignerVisibility).toBe(
            requestEnforced === undefined
              ? templates.some((entry) => entry.enforced)
              : requestEnforced === 'true',
          )
        },
      ),
    )
  })

  it("drops a stored role's exclusion of a document the envelope does not have, but refuses the request's", () => {
    const request = (exclusions?: string[]): EnvelopeDefinitionInput => ({
      status: 'created',
      enforceSignerVisibility: 'true',
      compositeTemplates: [
        {
          serverTemplates: [{ sequence: '1', templateId: 't' }],
          inlineTemplates: [
            {
              sequence: '2',
              recipients: {
                signers: [
                  {
                    roleName: 'Tenant',
                    ...person,
                    ...(exclusions ? { excludedDocuments: exclusions } : {}),
                  },
                ],
              },
            },
          ],
          document: { documentId: '9', name: 'Own', fileExtension: 'pdf', documentBase64: 'x' },
        },
      ],
    })
    const content = new Map([['compositeTemplates[0].document', { pages: 1, blobId: 'own' }]])
    const templates = templateMap(stored({ excludedDocuments: ['2'] }))
    const [recipient] = mergeEnvelopeDefinition(request(), templates, content).recipients
    expect(recipient?.excludedDocuments).toBeUndefined()
    expect(() => mergeEnvelopeDefinition(request(['2']), templates, content)).toThrow(InvalidRequestError)
  })
})
