import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type BuilderState,
  clampBox,
  fromTemplate,
  nearDuplicateRoles,
  sameRoles,
  toTemplateDefinition,
} from '../web/app/src/builder/model.js'
import { NO_REMINDERS } from '../web/app/src/builder/reminders.js'
import { disclosureOf, mergeRoles, sendRequest, type TemplateForSending } from '../web/app/src/send/merge.js'

/** The builder's and the send page's rules, without a browser. */

describe('clampBox', () => {
  it('keeps every box whole inside its page', () => {
    fc.assert(
      fc.property(
        fc.record({
          x: fc.integer({ min: -2000, max: 2000 }),
          y: fc.integer({ min: -2000, max: 2000 }),
          width: fc.integer({ min: -50, max: 2000 }),
          height: fc.integer({ min: -50, max: 2000 }),
        }),
        fc.record({ width: fc.integer({ min: 20, max: 1500 }), height: fc.integer({ min: 20, max: 1500 }) }),
        (box, page) => {
          const kept = clampBox(box, page)
          expect(kept.x).toBeGreaterThanOrEqual(0)
          expect(kept.y).toBeGreaterThanOrEqual(0)
          expect(kept.width).toBeGreaterThanOrEqual(8)
          expect(kept.x + kept.width).toBeLessThanOrEqual(page.width)
          expect(kept.y + kept.height).toBeLessThanOrEqual(page.height)
        },
      ),
    )
  })
})

describe('role name warnings', () => {
  it('pairs names that differ only in case or spacing, and only those', () => {
    expect(
      nearDuplicateRoles([
        { name: 'Signing Recipient #1' },
        { name: 'signing recipient  #1' },
        { name: 'Other' },
      ]),
    ).toEqual([['Signing Recipient #1', 'signing recipient  #1']])
    expect(nearDuplicateRoles([{ name: 'Tenant' }, { name: 'Tenant 2' }])).toEqual([])
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }), (name) => {
        const variant = ` ${name.toUpperCase()} `
        const pairs = nearDuplicateRoles([{ name }, { name: variant }])
        if (name.trim() && variant !== name) expect(pairs).toEqual([[name, variant]])
      }),
    )
  })

  it('names roles that DocuSign would merge (same name and routing order)', () => {
    expect(
      sameRoles([
        { name: 'Signer', routingOrder: 1 },
        { name: 'Signer', routingOrder: 1 },
        { name: 'Signer', routingOrder: 2 },
      ]),
    ).toEqual(['Signer'])
  })
})

describe('the template shape', () => {
  const state: BuilderState = {
    settings: {
      name: 'Lease',
      description: 'd',
      emailSubject: 'Sign',
      emailBlurb: 'Please',
      shared: true,
      messageLock: false,
      envelopeIdStamping: true,
      useDisclosure: false,
      customFields: [],
      reminders: NO_REMINDERS,
    },
    documents: [{ documentId: '1', name: 'Lease', fileExtension: 'pdf', base64: 'JVBERi0=' }],
    roles: [
      { key: 'a', name: 'Tenant', routingOrder: 1, kind: 'signers' },
      { key: 'b', name: 'Agent', routingOrder: 2, kind: 'carbonCopies' },
    ],
    fields: [
      {
        key: 'f',
        type: 'text',
        roleKey: 'a',
        documentId: '1',
        pageNumber: 2,
        x: 72,
        y: 100,
        width: 144,
        height: 20,
        required: true,
        tabLabel: 'Zip',
        tooltip: 'Postal code',
        fontSize: 'Size12',
        validationPattern: '^[0-9]{5}$',
        validationMessage: 'Five digits',
        maxLength: '5',
        listItems: [],
      },
      {
        key: 'g',
        type: 'list',
        roleKey: 'a',
        documentId: '1',
        pageNumber: 1,
        x: 10,
        y: 10,
        width: 120,
        height: 20,
        required: false,
        tabLabel: 'Plan',
        tooltip: '',
        fontSize: '',
        validationPattern: '',
        validationMessage: '',
        maxLength: '',
        listItems: ['Basic', 'Plus'],
      },
    ],
    anchors: [],
  }

  it("writes DocuSign's template definition and reads the same state back", () => {
    const wire = toTemplateDefinition(state, { withDocuments: true })
    expect(wire).toMatchObject({
      name: 'Lease',
      shared: 'true',
      documents: [{ documentId: '1', name: 'Lease', fileExtension: 'pdf', documentBase64: 'JVBERi0=' }],
      recipients: {
        signers: [
          {
            recipientId: '1',
            roleName: 'Tenant',
            routingOrder: '1',
            tabs: {
              textTabs: [
                {
                  documentId: '1',
                  pageNumber: '2',
                  xPosition: '72',
                  yPosition: '100',
                  tabLabel: 'Zip',
                  validationPattern: '^[0-9]{5}$',
                  validationMessage: 'Five digits',
                  maxLength: '5',
                  required: 'true',
                },
              ],
              listTabs: [
                {
                  listItems: [
                    { text: 'Basic', value: 'Basic' },
                    { text: 'Plus', value: 'Plus' },
                  ],
                },
              ],
            },
          },
        ],
        carbonCopies: [{ recipientId: '2', roleName: 'Agent', routingOrder: '2' }],
      },
    })
    let key = 0
    const back = fromTemplate(wire, () => `r${++key}`)
    expect(back.roles.map(({ name, routingOrder, kind }) => ({ name, routingOrder, kind }))).toEqual(
      state.roles.map(({ name, routingOrder, kind }) => ({ name, routingOrder, kind })),
    )
    expect(back.fields.map(({ key: _k, roleKey: _r, extra: _e, ...rest }) => rest)).toEqual(
      state.fields.map((field) => {
        const { key: _k, roleKey: _r, ...rest } = field as NonNullable<typeof field>
        return rest
      }),
    )
    expect(toTemplateDefinition(state, { withDocuments: false })).not.toHaveProperty('documents')
  })
})

describe('what the builder does not edit', () => {
  it('is sent back as it came: anchor tabs, tab types without a tool, other tab and role properties', () => {
    const template = {
      name: 'Made through the API',
      recipients: {
        signers: [
          {
            recipientId: '1',
            roleName: 'Client',
            routingOrder: '1',
            recipientType: 'signer',
            email: 'default@example.test',
            tabs: {
              signHereTabs: [
                { anchorString: '/sig/', anchorXOffset: '10', anchorUnits: 'pixels', recipientId: '1' },
                { documentId: '1', pageNumber: '1', xPosition: '50', yPosition: '60', tabId: 't-1' },
              ],
              textTabs: [
                {
                  documentId: '1',
                  pageNumber: '1',
                  xPosition: '10',
                  yPosition: '20',
                  tabLabel: 'Other',
                  conditionalParentLabel: 'agree',
                  conditionalParentValue: 'on',
                },
              ],
              radioGroupTabs: [
                { documentId: '1', groupName: 'g', radios: [{ value: 'a', pageNumber: '1' }] },
              ],
            },
          },
        ],
      },
    }
    let key = 0
    const state = fromTemplate(template, () => `r${++key}`)
    expect(state.fields).toHaveLength(2)
    const wire = toTemplateDefinition(state, { withDocuments: false }) as {
      recipients: { signers: Record<string, unknown>[] }
    }
    const [client] = wire.recipients.signers
    expect(client).toMatchObject({ email: 'default@example.test', recipientId: '1' })
    expect(client).not.toHaveProperty('recipientType')
    expect(client?.tabs).toMatchObject({
      signHereTabs: expect.arrayContaining([
        expect.objectContaining({ anchorString: '/sig/', anchorXOffset: '10' }),
        expect.objectContaining({ xPosition: '50', tabId: 't-1' }),
      ]),
      textTabs: [expect.objectContaining({ conditionalParentLabel: 'agree', conditionalParentValue: 'on' })],
      radioGroupTabs: [expect.objectContaining({ groupName: 'g' })],
    })
  })
})

describe('sending from several templates', () => {
  const lease: TemplateForSending = {
    templateId: 't1',
    name: 'Lease',
    emailSubject: 'Sign the lease',
    lockedMessage: null,
    roles: [
      { roleName: 'Tenant', routingOrder: 1, kind: 'signers' },
      { roleName: 'Agent', routingOrder: 2, kind: 'carbonCopies' },
    ],
  }
  const rider: TemplateForSending = {
    templateId: 't2',
    name: 'Rider',
    lockedMessage: null,
    roles: [
      { roleName: 'Tenant', routingOrder: 1, kind: 'signers' },
      { roleName: 'Tenant', routingOrder: 3, kind: 'signers' },
    ],
  }

  it('merges roles with the same name and routing order, as DocuSign does', () => {
    expect(mergeRoles([lease, rider])).toEqual([
      { roleName: 'Tenant', routingOrder: 1, kind: 'signers', templates: ['Lease', 'Rider'] },
      { roleName: 'Agent', routingOrder: 2, kind: 'carbonCopies', templates: ['Lease'] },
      { roleName: 'Tenant', routingOrder: 3, kind: 'signers', templates: ['Rider'] },
    ])
  })

  it('builds one composite per template with the recipients of its roles', () => {
    const recipients = new Map([
      [
        '1\u0000Tenant',
        {
          name: 'Ana',
          delivery: 'SMS' as const,
          email: 'ana@example.test',
          countryCode: '+57',
          phone: '300 123 4567',
        },
      ],
    ])
    const request = sendRequest({
      templates: [lease, rider],
      recipients,
      subject: 'S',
      message: 'M',
      status: 'sent',
      reminderDelayDays: 2,
    })
    expect(request).toMatchObject({
      status: 'sent',
      emailSubject: 'S',
      compositeTemplates: [
        {
          compositeTemplateId: '1',
          serverTemplates: [{ sequence: '1', templateId: 't1' }],
          inlineTemplates: [
            {
              sequence: '2',
              recipients: {
                signers: [
                  {
                    roleName: 'Tenant',
                    name: 'Ana',
                    deliveryMethod: 'SMS',
                    phoneNumber: { countryCode: '57', number: '3001234567' },
                  },
                ],
              },
            },
          ],
        },
        { compositeTemplateId: '2', serverTemplates: [{ sequence: '1', templateId: 't2' }] },
      ],
      notification: { reminders: { reminderEnabled: 'true', reminderDelay: '2' } },
    })
  })

  it("takes a role's default delivery, the later template's winning, and says email when the sender chose it over SMS", () => {
    const texting: TemplateForSending = {
      templateId: 't3',
      name: 'Texting',
      lockedMessage: null,
      roles: [{ roleName: 'Tenant', routingOrder: 1, kind: 'signers', defaultDelivery: 'SMS' }],
    }
    expect(mergeRoles([lease, texting])[0]).toMatchObject({ roleName: 'Tenant', defaultDelivery: 'SMS' })
    const entry = { name: 'Ana', email: 'ana@example.test', countryCode: '1', phone: '' }
    const byEmail = sendRequest({
      templates: [texting],
      recipients: new Map([['1\u0000Tenant', { ...entry, delivery: 'email' as const }]]),
      subject: 'S',
      message: 'M',
      status: 'created',
    })
    expect(byEmail).toMatchObject({
      compositeTemplates: [
        { inlineTemplates: [{ recipients: { signers: [{ roleName: 'Tenant', deliveryMethod: 'email' }] } }] },
      ],
    })
    const plain = sendRequest({
      templates: [lease],
      recipients: new Map([['1\u0000Tenant', { ...entry, delivery: 'email' as const }]]),
      subject: 'S',
      message: 'M',
      status: 'created',
    })
    const [composite] = plain.compositeTemplates as Array<{
      inlineTemplates: Array<{ recipients: { signers: Record<string, unknown>[] } }>
    }>
    expect(composite?.inlineTemplates[0]?.recipients.signers[0]).not.toHaveProperty('deliveryMethod')
  })

  it('sends no subject or message when a template locks them, and the disclosure only when the sender chose', () => {
    const entry = {
      name: 'Ana',
      email: 'ana@example.test',
      countryCode: '1',
      phone: '',
      delivery: 'email' as const,
    }
    const locked = sendRequest({
      templates: [lease],
      recipients: new Map([['1\u0000Tenant', entry]]),
      status: 'sent',
    })
    expect(locked).not.toHaveProperty('emailSubject')
    expect(locked).not.toHaveProperty('emailBlurb')
    expect(locked).not.toHaveProperty('useDisclosure')
    for (const useDisclosure of [true, false]) {
      const chosen = sendRequest({
        templates: [lease],
        recipients: new Map(),
        status: 'created',
        useDisclosure,
      })
      expect(chosen.useDisclosure).toBe(String(useDisclosure))
    }
  })

  it('asks for the disclosure as the first picked template that says, as the service does', () => {
    const asking = { ...rider, templateId: 't4', useDisclosure: true }
    const notAsking = { ...rider, templateId: 't5', useDisclosure: false }
    expect(disclosureOf([lease])).toBe(false)
    expect(disclosureOf([lease, asking, notAsking])).toBe(true)
    expect(disclosureOf([notAsking, asking])).toBe(false)
    // No template says: the account's setting (Settings → Electronic record disclosure).
    expect(disclosureOf([lease], true)).toBe(true)
    expect(disclosureOf([notAsking], true)).toBe(false)
  })
})

describe("a role's default delivery in the builder", () => {
  it('is sent as deliveryMethod SMS only for SMS roles that can be texted, and read back in any case', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('signers', 'carbonCopies', 'certifiedDeliveries', 'inPersonSigners' as const),
        fc.constantFrom('email' as const, 'SMS' as const, undefined),
        (kind, delivery) => {
          const state: BuilderState = {
            documents: [],
            roles: [{ key: 'r', name: 'Tenant', routingOrder: 1, kind, ...(delivery ? { delivery } : {}) }],
            fields: [],
            anchors: [],
            settings: {
              name: 'T',
              description: '',
              emailSubject: '',
              emailBlurb: '',
              shared: false,
              messageLock: false,
              envelopeIdStamping: true,
              useDisclosure: false,
              customFields: [],
              reminders: NO_REMINDERS,
            },
          }
          const wire = toTemplateDefinition(state, { withDocuments: false }) as {
            recipients: Record<string, Record<string, unknown>[]>
          }
          const sent = wire.recipients[kind]?.[0]
          const texted = delivery === 'SMS' && kind !== 'inPersonSigners'
          expect(sent?.deliveryMethod).toBe(texted ? 'SMS' : undefined)
          const lowerCase = {
            ...wire,
            recipients: { [kind]: [{ ...sent, ...(texted ? { deliveryMethod: 'sms' } : {}) }] },
          }
          const [role] = fromTemplate(lowerCase, () => 'k').roles
          expect(role?.delivery).toBe(texted ? 'SMS' : undefined)
          expect(role?.extra).not.toHaveProperty('deliveryMethod')
        },
      ),
    )
  })
})
