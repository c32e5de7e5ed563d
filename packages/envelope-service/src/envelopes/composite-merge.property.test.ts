import fc from 'fast-check'
import { InvalidRequestError } from 'platform'
import { describe, expect, it } from 'vitest'
import type { Template } from '../templates/model.js'
import type { InlineDocumentContent } from './composite-layers.js'
import { mergeEnvelopeDefinition } from './composite-merge.js'
import type { EnvelopeDefinitionInput } from './schema.js'

type InlineTemplateInput = NonNullable<
  NonNullable<EnvelopeDefinitionInput['compositeTemplates']>[number]['inlineTemplates']
>[number]

/**
 * Properties of the composite merge over random templates and requests. Every template tab carries
 * `sourceBlob`, the blob of the document it was placed on, so the tab-to-document mapping can be
 * checked after renumbering.
 */

const none = new Map<string, InlineDocumentContent>()
const ROLE_NAMES = ['Signing Recipient #1', 'Service Coordinator', 'Witness'] as const
const ROUTING_ORDERS = ['1', '2'] as const
const PEOPLE = [
  { name: 'Ana', email: 'ana@example.test' },
  { name: 'Ben', email: 'ben@example.test' },
  { name: 'Cy', email: 'cy@example.test' },
]

const LIST_ITEMS = ['a', 'b']

/** Text and list custom fields with names from `names` (text) and `Language`/`Region` (list). */
const customFieldsArbitrary = (names: string[]) =>
  fc.record({
    textCustomFields: fc.uniqueArray(
      fc.record({
        name: fc.constantFrom(...names),
        value: fc.string({ maxLength: 4 }),
        show: fc.constantFrom('true' as const, 'false' as const),
      }),
      { maxLength: 2, selector: (field) => field.name },
    ),
    listCustomFields: fc.uniqueArray(
      fc.record({
        name: fc.constantFrom('Language', 'Region'),
        value: fc.constantFrom('', ...LIST_ITEMS),
        listItems: fc.constant(LIST_ITEMS),
      }),
      { maxLength: 2, selector: (field) => field.name },
    ),
  })

/** Document ids differ between templates (t1 numbers from 11, t2 from 21, ...) so tabs map unambiguously. */
const templateArbitrary = (templateId: string, index: number) =>
  fc
    .record({
      documentCount: fc.integer({ min: 0, max: 3 }),
      roles: fc.uniqueArray(fc.tuple(fc.constantFrom(...ROLE_NAMES), fc.constantFrom(...ROUTING_ORDERS)), {
        maxLength: 3,
        selector: ([roleName, routingOrder]) => `${roleName}/${routingOrder}`,
      }),
      firstDocumentId: fc.integer({ min: 1, max: 5 }).map((offset) => index * 10 + offset),
      customFields: customFieldsArbitrary(['CaseNumber', 'CrmRecordId', 'TemplateOnly']),
    })
    .map(({ documentCount, roles, firstDocumentId, customFields }): Template => {
      const documents = Array.from({ length: documentCount }, (_, index) => ({
        documentId: String(firstDocumentId + index),
        name: `${templateId}-${index}`,
        fileExtension: 'pdf',
        pages: 1,
        order: index + 1,
        blobId: `${templateId}/${firstDocumentId + index}`,
      }))
      return {
        templateId,
        accountId: 'account',
        ownerUserId: 'owner',
        name: templateId,
        description: '',
        shared: false,
        emailSubject: '',
        emailBlurb: '',
        documents,
        recipients: roles.map(([roleName, routingOrder], index) => ({
          type: 'signer',
          recipientId: String(index + 1),
          roleName,
          routingOrder,
          tabs: {
            signHereTabs: documents.map((document) => ({
              documentId: document.documentId,
              recipientId: String(index + 1),
              sourceBlob: document.blobId,
            })),
          },
        })),
        customFields: {
          textCustomFields: customFields.textCustomFields.map((field) => ({
            name: field.name,
            value: field.value ?? '',
            show: field.show === 'true',
            required: false,
          })),
          listCustomFields: customFields.listCustomFields.map((field) => ({
            name: field.name,
            value: field.value ?? '',
            listItems: field.listItems ?? [],
            show: true,
            required: false,
          })),
        },
        created: '2026-01-01T00:00:00.000Z',
        lastModified: '2026-01-01T00:00:00.000Z',
      }
    })

const TEMPLATE_IDS = ['t0', 't1', 't2', 't3']
const templatesArbitrary = fc
  .tuple(...TEMPLATE_IDS.map((templateId, index) => templateArbitrary(templateId, index)))
  .map((templates) => new Map(templates.map((template) => [template.templateId, template])))

const sequence = fc.integer({ min: 1, max: 6 }).map(String)

const inlineArbitrary: fc.Arbitrary<InlineTemplateInput> = fc.record({
  sequence,
  recipients: fc.record({
    signers: fc.array(
      fc.record({
        roleName: fc.constantFrom(...ROLE_NAMES),
        routingOrder: fc.constantFrom(...ROUTING_ORDERS),
        // Mostly named; a nameless one makes a sent envelope invalid.
        name: fc.option(fc.constantFrom(...PEOPLE.map((person) => person.name)), { nil: undefined, freq: 8 }),
        email: fc.constantFrom(...PEOPLE.map((person) => person.email)),
      }),
      { maxLength: 2 },
    ),
  }),
  customFields: customFieldsArbitrary(['CaseNumber', 'CrmRecordId', 'Other']),
})

const requestArbitrary = (status: 'sent' | 'created') =>
  fc
    .array(
      fc.record({
        serverTemplates: fc.array(fc.record({ sequence, templateId: fc.constantFrom(...TEMPLATE_IDS) }), {
          minLength: 1,
          maxLength: 3,
        }),
        inlineTemplates: fc.array(inlineArbitrary, { maxLength: 2 }),
      }),
      { minLength: 1, maxLength: 4 },
    )
    .map((compositeTemplates): EnvelopeDefinitionInput => ({ status, compositeTemplates }))

/** Layers of a composite in overlay order: sequence, then server templates before inline ones. */
function orderedLayers(composite: NonNullable<EnvelopeDefinitionInput['compositeTemplates']>[number]) {
  const servers = (composite.serverTemplates ?? []).map((server, position) => ({
    sequence: Number(server.sequence),
    position,
    server,
    inline: undefined,
  }))
  const inlines = (composite.inlineTemplates ?? []).map((inline, index) => ({
    sequence: Number(inline.sequence),
    position: servers.length + index,
    server: undefined,
    inline,
  }))
  return [...servers, ...inlines].sort((a, b) => a.sequence - b.sequence || a.position - b.position)
}

function winningBlobs(request: EnvelopeDefinitionInput, templates: Map<string, Template>): string[][] {
  return (request.compositeTemplates ?? []).map((composite) => {
    for (const layer of orderedLayers(composite)) {
      const documents = layer.server ? (templates.get(layer.server.templateId)?.documents ?? []) : []
      if (documents.length > 0) return documents.map((document) => document.blobId)
    }
    return []
  })
}

const allTabs = (result: ReturnType<typeof mergeEnvelopeDefinition>) =>
  result.recipients.flatMap((recipient) => Object.values(recipient.tabs).flat())

describe('composite merge properties', () => {
  it('documents follow composite order, first-in-wins per composite, renumbered 1..N', () => {
    fc.assert(
      fc.property(templatesArbitrary, requestArbitrary('created'), (templates, request) => {
        const result = mergeEnvelopeDefinition(request, templates, none)
        const expected = winningBlobs(request, templates).flat()
        expect(result.documents.map((document) => document.blobId)).toEqual(expected)
        expect(result.documents.map((document) => document.documentId)).toEqual(
          expected.map((_, index) => String(index + 1)),
        )
        expect(result.documents.map((document) => document.order)).toEqual(
          expected.map((_, index) => index + 1),
        )
      }),
    )
  })

  it('every tab points at the renumbered copy of the document it was placed on', () => {
    fc.assert(
      fc.property(templatesArbitrary, requestArbitrary('created'), (templates, request) => {
        const result = mergeEnvelopeDefinition(request, templates, none)
        const blobOf = new Map(result.documents.map((document) => [document.documentId, document.blobId]))
        for (const tab of allTabs(result)) expect(blobOf.get(tab.documentId as string)).toBe(tab.sourceBlob)
      }),
    )
  })

  it('keeps every template tab whose document is in the envelope (tabs are united, never lost)', () => {
    fc.assert(
      fc.property(templatesArbitrary, requestArbitrary('created'), (templates, request) => {
        const result = mergeEnvelopeDefinition(request, templates, none)
        const winners = winningBlobs(request, templates)
        const expected = (request.compositeTemplates ?? []).reduce((count, composite, c) => {
          const inEnvelope = new Set(winners[c])
          const tabs = (composite.serverTemplates ?? []).flatMap((server) =>
            (templates.get(server.templateId)?.recipients ?? []).flatMap(
              (role) => role.tabs.signHereTabs ?? [],
            ),
          )
          return count + tabs.filter((tab) => inEnvelope.has(tab.sourceBlob as string)).length
        }, 0)
        expect(allTabs(result)).toHaveLength(expected)
      }),
    )
  })

  it('has at most one recipient per roleName and routingOrder, and per email, name and routingOrder', () => {
    fc.assert(
      fc.property(templatesArbitrary, requestArbitrary('created'), (templates, request) => {
        const result = mergeEnvelopeDefinition(request, templates, none)
        const roles = result.recipients
          .filter((recipient) => recipient.roleName !== undefined)
          .map((recipient) => `${recipient.roleName}/${recipient.routingOrder}`)
        expect(new Set(roles).size).toBe(roles.length)
        const people = result.recipients
          .filter((recipient) => recipient.name && recipient.email)
          .map((recipient) => `${recipient.email}/${recipient.name}/${recipient.routingOrder}`)
        expect(new Set(people).size).toBe(people.length)
        const ids = result.recipients.map((recipient) => recipient.recipientId)
        expect(new Set(ids).size).toBe(ids.length)
      }),
    )
  })

  it('fills a role of the template with the person of the highest-sequence inline template', () => {
    const withRoles = templatesArbitrary.filter(
      (templates) => (templates.get('t0')?.recipients.length ?? 0) > 0,
    )
    fc.assert(
      fc.property(
        withRoles,
        fc.nat(),
        fc.boolean(),
        fc.array(fc.tuple(sequence, fc.constantFrom(...PEOPLE)), { minLength: 1, maxLength: 4 }),
        (templates, pick, giveRoutingOrder, fills) => {
          const roles = templates.get('t0')?.recipients ?? []
          const role = roles[pick % roles.length] as Template['recipients'][number]
          const request: EnvelopeDefinitionInput = {
            compositeTemplates: [
              {
                serverTemplates: [{ sequence: '1', templateId: 't0' }],
                inlineTemplates: fills.map(([inlineSequence, person]) => ({
                  // Inline templates come after the server template, which has sequence 1.
                  sequence: String(Number(inlineSequence) + 1),
                  recipients: {
                    signers: [
                      {
                        roleName: role.roleName,
                        // Without a routingOrder the recipient takes the role's.
                        ...(giveRoutingOrder ? { routingOrder: role.routingOrder } : {}),
                        ...person,
                      },
                    ],
                  },
                })),
              },
            ],
          }
          const result = mergeEnvelopeDefinition(request, templates, none)
          const last = fills
            .map(([inlineSequence, person], index) => ({ sequence: Number(inlineSequence), index, person }))
            .sort((a, b) => a.sequence - b.sequence || a.index - b.index)
            .at(-1)
          // Without a routingOrder, a name several roles share fills the first of them.
          const target = giveRoutingOrder
            ? role
            : (roles.find((candidate) => candidate.roleName === role.roleName) as typeof role)
          // Filled, not added: as many recipients as the template has roles.
          expect(result.recipients).toHaveLength(roles.length)
          const matching = result.recipients.filter(
            (recipient) =>
              recipient.roleName === target.roleName && recipient.routingOrder === target.routingOrder,
          )
          expect(matching).toHaveLength(1)
          expect(matching[0]).toMatchObject({ ...last?.person })
          expect((matching[0]?.tabs.signHereTabs ?? []).map((tab) => tab.sourceBlob)).toEqual(
            (target.tabs.signHereTabs ?? []).map((tab) => tab.sourceBlob),
          )
          for (const other of result.recipients.filter((recipient) => recipient !== matching[0])) {
            expect(other.email).toBeUndefined()
          }
        },
      ),
    )
  })

  it('fills template roles across composites with one recipient carrying all their tabs', () => {
    fc.assert(
      fc.property(templatesArbitrary, fc.constantFrom(...PEOPLE), (templates, person) => {
        const request: EnvelopeDefinitionInput = {
          compositeTemplates: TEMPLATE_IDS.map((templateId, index) => ({
            compositeTemplateId: String(index + 1),
            serverTemplates: [{ sequence: '1', templateId }],
            inlineTemplates: [
              {
                sequence: '2',
                recipients: { signers: [{ roleName: 'Witness', routingOrder: '1', ...person }] },
              },
            ],
          })),
        }
        const result = mergeEnvelopeDefinition(request, templates, none)
        const witnesses = result.recipients.filter(
          (recipient) => recipient.roleName === 'Witness' && recipient.routingOrder === '1',
        )
        expect(witnesses).toHaveLength(1)
        const expectedTabs = TEMPLATE_IDS.flatMap(
          (templateId) =>
            templates
              .get(templateId)
              ?.recipients.find((role) => role.roleName === 'Witness' && role.routingOrder === '1')?.tabs
              .signHereTabs ?? [],
        )
        expect((witnesses[0]?.tabs.signHereTabs ?? []).map((tab) => tab.sourceBlob)).toEqual(
          expectedTabs.map((tab) => tab.sourceBlob),
        )
      }),
    )
  })

  it('takes template custom fields as defaults, each overridden by the last inline template', () => {
    fc.assert(
      fc.property(templatesArbitrary, requestArbitrary('created'), (templates, request) => {
        const result = mergeEnvelopeDefinition(request, templates, none)
        const text = new Map<string, string>()
        const list = new Map<string, string>()
        const layers = (request.compositeTemplates ?? []).flatMap(orderedLayers)
        const apply = (fields: Template['customFields'] | InlineTemplateInput['customFields']) => {
          for (const field of fields?.textCustomFields ?? []) text.set(field.name, field.value ?? '')
          for (const field of fields?.listCustomFields ?? []) list.set(field.name, field.value ?? '')
        }
        for (const layer of layers)
          if (layer.server) apply(templates.get(layer.server.templateId)?.customFields)
        for (const layer of layers) if (layer.inline) apply(layer.inline.customFields)
        expect(result.customFields.textCustomFields.map((field) => [field.name, field.value])).toEqual([
          ...text.entries(),
        ])
        expect(result.customFields.listCustomFields.map((field) => [field.name, field.value])).toEqual([
          ...list.entries(),
        ])
      }),
    )
  })

  it('on sent, drops roles without a name and email, and rejects exactly when the draft is not sendable', () => {
    fc.assert(
      fc.property(templatesArbitrary, requestArbitrary('sent'), (templates, request) => {
        const draft = mergeEnvelopeDefinition({ ...request, status: 'created' }, templates, none)
        const kept = draft.recipients.filter((recipient) => recipient.name || recipient.email)
        const incomplete = kept.find((recipient) => !recipient.email || !recipient.name)
        const expectedError =
          draft.documents.length === 0
            ? 'The envelope has no documents'
            : kept.length === 0
              ? 'The envelope has no recipients: every role lacks a name and an email'
              : incomplete
                ? `${incomplete.roleName !== undefined ? `role "${incomplete.roleName}"` : `"${incomplete.name ?? ''}"`} and routingOrder ${incomplete.routingOrder} has no ${incomplete.email ? 'name' : 'email'}`
                : undefined
        const send = () => mergeEnvelopeDefinition(request, templates, none)
        if (expectedError !== undefined) {
          expect(send).toThrow(InvalidRequestError)
          expect(send).toThrow(expectedError)
          return
        }
        const result = send()
        const withoutIds = (recipients: typeof kept) =>
          recipients.map(({ recipientId: _, tabs: __, ...recipient }) => recipient)
        expect(withoutIds(result.recipients)).toEqual(withoutIds(kept))
        const ids = result.recipients.map((recipient) => recipient.recipientId)
        expect(new Set(ids).size).toBe(ids.length)
        expect(result.documents).toEqual(draft.documents)
      }),
    )
  })
})
