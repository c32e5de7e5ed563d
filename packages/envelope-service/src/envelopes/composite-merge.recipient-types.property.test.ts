import type { EnvelopeRecipients } from 'esign-contract'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { RECIPIENT_TYPES, type RecipientType } from '../tabs/model.js'
import type { Template, TemplateRole } from '../templates/model.js'
import type { InlineDocumentContent } from './composite-layers.js'
import { mergeEnvelopeDefinition } from './composite-merge.js'
import type { CompositeTemplateInput, EnvelopeDefinitionInput } from './schema.js'
import { template, templateMap } from './testing/fixtures.js'

/**
 * Rule 1 of the contract for every recipient type: recipients of several composite templates with the
 * same roleName and routingOrder become one, whether they are signers, carbon copies, certified
 * deliveries or in-person signers, and whatever mix of them. Within a composite the last layer sets
 * the type (it overlays the role); across composites the merged recipient does the most any part does.
 */

const none = new Map<string, InlineDocumentContent>()
const ROLE_NAMES = ['Observer', 'Client', 'Witness'] as const
const ROUTING_ORDERS = ['1', '2'] as const
const TEMPLATE_IDS = ['t0', 't1', 't2'] as const
const DUTY: Record<RecipientType, number> = {
  carbonCopy: 0,
  certifiedDelivery: 1,
  signer: 2,
  inPersonSigner: 2,
}
const LIST_OF: Record<RecipientType, keyof EnvelopeRecipients> = {
  signer: 'signers',
  carbonCopy: 'carbonCopies',
  certifiedDelivery: 'certifiedDeliveries',
  inPersonSigner: 'inPersonSigners',
}
const carriesTabs = (type: RecipientType) => type === 'signer' || type === 'inPersonSigner'

const keyOf = (roleName: string, routingOrder: string) => `${roleName}/${routingOrder}`
/** One person per role key, so that the same-person pass never joins two different roles. */
const personOf = (roleName: string, routingOrder: string) => ({
  name: `${roleName} ${routingOrder}`,
  email: `${roleName.toLowerCase()}${routingOrder}@example.test`,
})

const roleArbitrary = fc.record({
  roleName: fc.constantFrom(...ROLE_NAMES),
  routingOrder: fc.constantFrom(...ROUTING_ORDERS),
  type: fc.constantFrom(...RECIPIENT_TYPES),
})
const rolesArbitrary = fc.uniqueArray(roleArbitrary, {
  maxLength: 4,
  selector: (role) => keyOf(role.roleName, role.routingOrder),
})

/** Each template has one document; a tab-carrying role has one signHere tab on it. */
const templatesArbitrary = fc.tuple(...TEMPLATE_IDS.map(() => rolesArbitrary)).map((perTemplate) =>
  templateMap(
    ...perTemplate.map((roles, index) => {
      const templateId = TEMPLATE_IDS[index] as string
      return template(templateId, {
        documents: [{ documentId: '1' }],
        roles: roles.map((role) => ({
          ...role,
          tabs: carriesTabs(role.type)
            ? {
                signHereTabs: [
                  { documentId: '1', tabLabel: `${templateId} ${keyOf(role.roleName, role.routingOrder)}` },
                ],
              }
            : {},
        })) as Array<Partial<TemplateRole> & { roleName: string }>,
      })
    }),
  ),
)

function inlineRecipients(roles: RoleChoice[]) {
  const recipients: Record<string, object[]> = {}
  for (const { roleName, routingOrder, type } of roles) {
    const person = personOf(roleName, routingOrder)
    const recipient =
      type === 'inPersonSigner'
        ? { roleName, routingOrder, hostName: person.name, hostEmail: person.email, signerName: 'Walk-in' }
        : { roleName, routingOrder, ...person }
    const list = LIST_OF[type]
    recipients[list] = [...(recipients[list] ?? []), recipient]
  }
  return recipients as EnvelopeRecipients
}

const compositeArbitrary = fc.record({
  templateId: fc.constantFrom(...TEMPLATE_IDS),
  inline: fc.option(rolesArbitrary, { nil: undefined }),
})
const requestArbitrary = fc.array(compositeArbitrary, { minLength: 1, maxLength: 4 })

type RoleChoice = { roleName: string; routingOrder: string; type: RecipientType }
type CompositeChoice = { templateId: string; inline: RoleChoice[] | undefined }

function requestOf(composites: CompositeChoice[]): EnvelopeDefinitionInput {
  return {
    status: 'created',
    compositeTemplates: composites.map(
      ({ templateId, inline }): CompositeTemplateInput => ({
        serverTemplates: [{ sequence: '1', templateId }],
        ...(inline ? { inlineTemplates: [{ sequence: '2', recipients: inlineRecipients(inline) }] } : {}),
      }),
    ),
  }
}

/** The oracle: per composite, the type of each role key after its layers (the inline one last). */
function typesPerComposite(composites: CompositeChoice[], templates: Map<string, Template>) {
  return composites.map(({ templateId, inline }) => {
    const types = new Map<string, RecipientType>()
    for (const role of templates.get(templateId)?.recipients ?? [])
      types.set(keyOf(role.roleName, role.routingOrder), role.type)
    for (const role of inline ?? []) types.set(keyOf(role.roleName, role.routingOrder), role.type)
    return types
  })
}

describe('rule 1 for every recipient type', () => {
  it('merges same roleName and routingOrder across composites into one recipient of the highest duty', () => {
    fc.assert(
      fc.property(templatesArbitrary, requestArbitrary, (templates, composites) => {
        const result = mergeEnvelopeDefinition(requestOf(composites), templates, none)
        const perComposite = typesPerComposite(composites, templates)
        const expectedKeys = [...new Set(perComposite.flatMap((types) => [...types.keys()]))]
        const byKey = new Map<string, (typeof result.recipients)[number][]>()
        for (const recipient of result.recipients) {
          const key = keyOf(recipient.roleName ?? '', recipient.routingOrder)
          byKey.set(key, [...(byKey.get(key) ?? []), recipient])
        }
        expect([...byKey.keys()].sort()).toEqual([...expectedKeys].sort())
        for (const key of expectedKeys) {
          const found = byKey.get(key) ?? []
          expect(found).toHaveLength(1)
          const parts = perComposite.flatMap((types) =>
            types.has(key) ? [types.get(key) as RecipientType] : [],
          )
          const merged = found[0]?.type as RecipientType
          expect(DUTY[merged]).toBe(Math.max(...parts.map((type) => DUTY[type])))
          if (parts.every((type) => type === parts[0])) expect(merged).toBe(parts[0])
        }
      }),
    )
  })

  it('keeps every template tab of the merged roles, one copy per composite', () => {
    fc.assert(
      fc.property(templatesArbitrary, requestArbitrary, (templates, composites) => {
        const result = mergeEnvelopeDefinition(requestOf(composites), templates, none)
        for (const recipient of result.recipients) {
          const key = keyOf(recipient.roleName ?? '', recipient.routingOrder)
          const expected = composites.flatMap(({ templateId }) =>
            (templates.get(templateId)?.recipients ?? [])
              .filter((role) => keyOf(role.roleName, role.routingOrder) === key)
              .flatMap((role) => role.tabs.signHereTabs ?? [])
              .map((tab) => tab.tabLabel),
          )
          expect((recipient.tabs.signHereTabs ?? []).map((tab) => tab.tabLabel)).toEqual(expected)
        }
      }),
    )
  })

  it('makes two carbon copies with the same role in two composite templates one recipient', () => {
    const observer = { roleName: 'Observer', routingOrder: '2', ...personOf('Observer', '2') }
    const stored = templateMap(
      template('a', {
        documents: [{ documentId: '1' }],
        roles: [{ roleName: 'Observer', routingOrder: '2', type: 'carbonCopy' }],
      }),
      template('b', {
        documents: [{ documentId: '1' }],
        roles: [{ roleName: 'Observer', routingOrder: '2', type: 'carbonCopy' }],
      }),
    )
    const result = mergeEnvelopeDefinition(
      {
        status: 'sent',
        compositeTemplates: ['a', 'b'].map((templateId) => ({
          serverTemplates: [{ sequence: '1', templateId }],
          inlineTemplates: [{ sequence: '2', recipients: { carbonCopies: [observer] } }],
        })),
      },
      stored,
      none,
    )
    expect(
      result.recipients.map((recipient) => [recipient.type, recipient.roleName, recipient.email]),
    ).toEqual([['carbonCopy', 'Observer', observer.email]])
  })
})
