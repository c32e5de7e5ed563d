import { InvalidRequestError } from 'platform'
import { describe, expect, it } from 'vitest'
import { type InlineDocumentContent, inlineDocumentsOf, templateIdsOf } from './composite-layers.js'
import { mergeEnvelopeDefinition } from './composite-merge.js'
import type { EnvelopeDefinitionInput } from './schema.js'
import { signerRole, template, templateMap } from './testing/fixtures.js'

const none = new Map<string, InlineDocumentContent>()

const nda = template('nda', {
  documents: [{ documentId: '1' }, { documentId: '2' }],
  roles: [signerRole('Signing Recipient #1', '2'), { roleName: 'Service Coordinator', routingOrder: '2' }],
  emailSubject: 'NDA subject',
})
const intake = template('intake', {
  documents: [{ documentId: '7' }],
  roles: [signerRole('Signing Recipient #1', '7')],
})
const consent = template('consent', {
  documents: [{ documentId: '1' }],
  roles: [signerRole('Signing Recipient #1', '1'), { roleName: 'Witness', routingOrder: '3' }],
})
const templates = templateMap(nda, intake, consent)

const person = { name: 'Ana Ruiz', email: 'ana@example.test' }

function merge(request: EnvelopeDefinitionInput, stored = none) {
  return mergeEnvelopeDefinition(request, templates, stored)
}

function rejects(request: EnvelopeDefinitionInput, message: string, stored = none) {
  expect(() => merge(request, stored)).toThrow(InvalidRequestError)
  expect(() => merge(request, stored)).toThrow(message)
}

const composite = (id: string, templateId: string, signers: object[] = [], extra: object = {}) => ({
  compositeTemplateId: id,
  serverTemplates: [{ sequence: '1', templateId }],
  inlineTemplates: [{ sequence: '2', recipients: { signers: signers as never[] } }],
  ...extra,
})

describe('sequence overlay within a composite', () => {
  it('lets the highest sequence win for recipient data', () => {
    const result = merge({
      status: 'created',
      compositeTemplates: [
        {
          serverTemplates: [{ sequence: '1', templateId: 'intake' }],
          inlineTemplates: [
            {
              sequence: '3',
              recipients: {
                signers: [
                  {
                    roleName: 'Signing Recipient #1',
                    routingOrder: '1',
                    name: 'Late',
                    email: 'late@example.test',
                  },
                ],
              },
            },
            {
              sequence: '2',
              recipients: {
                signers: [
                  {
                    roleName: 'Signing Recipient #1',
                    routingOrder: '1',
                    name: 'Early',
                    email: 'early@example.test',
                  },
                ],
              },
            },
          ],
        },
      ],
    })
    expect(result.recipients).toHaveLength(1)
    expect(result.recipients[0]).toMatchObject({ name: 'Late', email: 'late@example.test' })
  })

  it('orders by numeric sequence, not by text', () => {
    const result = merge({
      compositeTemplates: [
        {
          serverTemplates: [{ sequence: '1', templateId: 'intake' }],
          inlineTemplates: [
            {
              sequence: '10',
              recipients: { signers: [{ roleName: 'Signing Recipient #1', routingOrder: '1', ...person }] },
            },
            {
              sequence: '9',
              recipients: {
                signers: [
                  {
                    roleName: 'Signing Recipient #1',
                    routingOrder: '1',
                    name: 'Nine',
                    email: 'nine@example.test',
                  },
                ],
              },
            },
          ],
        },
      ],
    })
    expect(result.recipients[0]?.name).toBe(person.name)
  })

  it('keeps earlier values a later layer does not supply', () => {
    const result = merge({
      compositeTemplates: [
        {
          serverTemplates: [{ sequence: '1', templateId: 'intake' }],
          inlineTemplates: [
            {
              sequence: '2',
              recipients: {
                signers: [
                  {
                    roleName: 'Signing Recipient #1',
                    routingOrder: '1',
                    ...person,
                    deliveryMethod: 'SMS',
                    phoneNumber: { countryCode: '57', number: '3001234567' },
                  },
                ],
              },
            },
            {
              sequence: '3',
              recipients: {
                signers: [
                  { roleName: 'Signing Recipient #1', routingOrder: '1', email: 'other@example.test' },
                ],
              },
            },
          ],
        },
      ],
    })
    expect(result.recipients[0]).toMatchObject({
      name: person.name,
      email: 'other@example.test',
      deliveryMethod: 'SMS',
      phoneNumber: { countryCode: '57', number: '3001234567' },
    })
  })

  it('updates a template tab with the same tabLabel from an inline template', () => {
    const labelled = template('labelled', {
      documents: [{ documentId: '1' }],
      roles: [
        {
          roleName: 'Signer',
          routingOrder: '1',
          tabs: { textTabs: [{ tabLabel: 'Case', documentId: '1', xPosition: '5' }] },
        },
      ],
    })
    const result = mergeEnvelopeDefinition(
      {
        compositeTemplates: [
          {
            serverTemplates: [{ sequence: '1', templateId: 'labelled' }],
            inlineTemplates: [
              {
                sequence: '2',
                recipients: {
                  signers: [
                    {
                      roleName: 'Signer',
                      routingOrder: '1',
                      ...person,
                      tabs: { textTabs: [{ tabLabel: 'Case', value: 'C-1' }] },
                    },
                  ],
                },
              },
            ],
          },
        ],
      },
      templateMap(labelled),
      none,
    )
    expect(result.recipients[0]?.tabs).toEqual({
      textTabs: [{ tabLabel: 'Case', documentId: '1', xPosition: '5', value: 'C-1' }],
    })
  })

  it('takes the email subject of the highest-sequence server template when the request has none', () => {
    const subjects = templateMap(
      template('a', { documents: [{ documentId: '1' }], emailSubject: 'First' }),
      template('b', { emailSubject: 'Second' }),
    )
    const result = mergeEnvelopeDefinition(
      {
        compositeTemplates: [
          {
            serverTemplates: [
              { sequence: '2', templateId: 'b' },
              { sequence: '1', templateId: 'a' },
            ],
          },
        ],
      },
      subjects,
      none,
    )
    expect(result.emailSubject).toBe('Second')
    expect(merge({ emailSubject: 'Mine', compositeTemplates: [composite('1', 'nda')] }).emailSubject).toBe(
      'Mine',
    )
  })
})

describe('documents: first in wins within a composite', () => {
  it('takes the documents of the lowest-sequence template that has any', () => {
    const empty = template('empty', { roles: [signerRole('Signing Recipient #1')] })
    const result = mergeEnvelopeDefinition(
      {
        compositeTemplates: [
          {
            serverTemplates: [
              { sequence: '3', templateId: 'nda' },
              { sequence: '1', templateId: 'empty' },
              { sequence: '2', templateId: 'intake' },
            ],
          },
        ],
      },
      templateMap(empty, nda, intake),
      none,
    )
    expect(result.documents.map((document) => document.blobId)).toEqual(['intake-blob-7'])
  })

  it('uses inline template documents when the inline template comes first', () => {
    const stored = new Map([
      ['compositeTemplates[0].inlineTemplates[0].documents[0]', { pages: 4, blobId: 'inline-blob' }],
    ])
    const result = merge(
      {
        compositeTemplates: [
          {
            serverTemplates: [{ sequence: '2', templateId: 'nda' }],
            inlineTemplates: [
              { sequence: '1', documents: [{ documentId: '2', name: 'Inline.pdf', documentBase64: 'x' }] },
            ],
          },
        ],
      },
      stored,
    )
    expect(result.documents).toEqual([
      {
        documentId: '1',
        name: 'Inline.pdf',
        fileExtension: 'pdf',
        pages: 4,
        order: 1,
        blobId: 'inline-blob',
      },
    ])
    // nda's role tab is on its document 2, which maps to the inline document 2 of the composite.
    expect(result.recipients[0]?.tabs.signHereTabs?.[0]?.documentId).toBe('1')
  })

  it('replaces every layer’s documents with the composite document', () => {
    const stored = new Map([['compositeTemplates[0].document', { pages: 2, blobId: 'replacement' }]])
    const result = merge(
      {
        compositeTemplates: [
          {
            ...composite('1', 'consent', [
              { roleName: 'Signing Recipient #1', routingOrder: '1', ...person },
            ]),
            document: { documentId: '1', name: 'Own.pdf', documentBase64: 'x' },
          },
        ],
      },
      stored,
    )
    expect(result.documents.map((document) => document.blobId)).toEqual(['replacement'])
    expect(result.recipients[0]?.tabs.signHereTabs?.[0]?.documentId).toBe('1')
  })

  it('rejects duplicate documentIds within one inline template', () => {
    const stored = new Map([
      ['documents[0]', { pages: 1, blobId: 'a' }],
      ['documents[1]', { pages: 1, blobId: 'b' }],
    ])
    rejects(
      {
        documents: [
          { documentId: '1', name: 'A', documentBase64: 'x' },
          { documentId: '1', name: 'B', documentBase64: 'x' },
        ],
        recipients: { signers: [person] },
      },
      'documents[1].documentId "1" is not unique',
      stored,
    )
  })
})

describe('documents across composites', () => {
  it('follow compositeTemplates array order and are renumbered 1..N', () => {
    const result = merge({
      compositeTemplates: [composite('a', 'intake'), composite('b', 'nda'), composite('c', 'consent')],
    })
    expect(
      result.documents.map((document) => [document.documentId, document.order, document.blobId]),
    ).toEqual([
      ['1', 1, 'intake-blob-7'],
      ['2', 2, 'nda-blob-1'],
      ['3', 3, 'nda-blob-2'],
      ['4', 4, 'consent-blob-1'],
    ])
  })

  it('rewrites tab documentIds with the same mapping', () => {
    const result = merge({
      compositeTemplates: [
        composite('a', 'intake', [{ roleName: 'Signing Recipient #1', routingOrder: '1', ...person }]),
        composite('b', 'nda', [{ roleName: 'Signing Recipient #1', routingOrder: '1', ...person }]),
      ],
    })
    const tabs = result.recipients[0]?.tabs.signHereTabs ?? []
    expect(tabs.map((tab) => tab.documentId)).toEqual(['1', '3'])
  })

  it('rejects a request tab on a document that is not in its composite', () => {
    rejects(
      {
        compositeTemplates: [
          composite('a', 'intake', [
            { roleName: 'X', ...person, tabs: { signHereTabs: [{ documentId: '1' }] } },
          ]),
        ],
      },
      'compositeTemplates[0].inlineTemplates[0].recipients.signers[0].tabs.signHereTabs[0].documentId 1 is not a document of this composite template',
    )
  })

  it('drops a stored template tab whose document lost to another layer', () => {
    const result = merge({
      compositeTemplates: [
        {
          serverTemplates: [
            { sequence: '1', templateId: 'intake' },
            { sequence: '2', templateId: 'consent' },
          ],
          inlineTemplates: [
            {
              sequence: '3',
              recipients: { signers: [{ roleName: 'Signing Recipient #1', routingOrder: '1', ...person }] },
            },
          ],
        },
      ],
    })
    // consent's tab is on its document 1, which does not exist in intake's numbering (7).
    expect(result.recipients[0]?.tabs.signHereTabs?.map((tab) => tab.documentId)).toEqual(['1'])
    expect(result.documents).toHaveLength(1)
  })
})

describe('inline recipients fill template roles', () => {
  it('matches roleName (case-sensitive) and routingOrder', () => {
    const result = merge({
      compositeTemplates: [
        composite('a', 'nda', [
          { roleName: 'signing recipient #1', routingOrder: '1', name: 'Lower', email: 'lower@example.test' },
          {
            roleName: 'Service Coordinator',
            routingOrder: '1',
            name: 'Wrong order',
            email: 'order@example.test',
          },
          {
            roleName: 'Service Coordinator',
            routingOrder: '2',
            name: 'Coordinator',
            email: 'coord@example.test',
          },
        ]),
      ],
    })
    const byName = Object.fromEntries(result.recipients.map((recipient) => [recipient.name ?? '', recipient]))
    expect(byName.Coordinator).toMatchObject({ roleName: 'Service Coordinator', routingOrder: '2' })
    expect(byName.Lower?.tabs).toEqual({})
    expect(byName['Wrong order']).toMatchObject({ routingOrder: '1', tabs: {} })
    expect(
      result.recipients.find((recipient) => recipient.roleName === 'Signing Recipient #1')?.name,
    ).toBeUndefined()
  })

  it('keeps the role’s tabs and type and supplies name, email, delivery method and phone', () => {
    const result = merge({
      compositeTemplates: [
        composite('a', 'intake', [
          {
            roleName: 'Signing Recipient #1',
            routingOrder: '1',
            ...person,
            deliveryMethod: 'sms',
            phoneNumber: { countryCode: '1', number: '5551234567' },
          },
        ]),
      ],
    })
    expect(result.recipients).toEqual([
      {
        type: 'signer',
        recipientId: '1',
        roleName: 'Signing Recipient #1',
        routingOrder: '1',
        ...person,
        deliveryMethod: 'SMS',
        phoneNumber: { countryCode: '1', number: '5551234567' },
        additionalNotifications: [],
        tabs: {
          signHereTabs: [
            { documentId: '1', pageNumber: '1', xPosition: '100', yPosition: '100', recipientId: '1' },
          ],
        },
      },
    ])
  })

  it('uses the role’s routing order when the inline recipient gives none', () => {
    const result = merge({
      compositeTemplates: [composite('a', 'nda', [{ roleName: 'Service Coordinator', ...person }])],
    })
    expect(result.recipients.find((recipient) => recipient.name === person.name)?.routingOrder).toBe('2')
  })

  it('adds an inline recipient that matches no role', () => {
    const result = merge({
      compositeTemplates: [composite('a', 'intake', [{ name: 'Extra', email: 'extra@example.test' }])],
    })
    expect(result.recipients.map((recipient) => recipient.name)).toEqual([undefined, 'Extra'])
  })
})

describe('recipients across composites', () => {
  it('become one recipient per roleName and routingOrder who signs every document', () => {
    const signer = { roleName: 'Signing Recipient #1', routingOrder: '1', ...person }
    const result = merge({
      status: 'sent',
      compositeTemplates: [
        composite('1', 'nda', [signer]),
        composite('2', 'intake', [signer]),
        composite('3', 'consent', [signer]),
      ],
    })
    const signers = result.recipients.filter((recipient) => recipient.roleName === 'Signing Recipient #1')
    expect(signers).toHaveLength(1)
    expect(signers[0]?.tabs.signHereTabs?.map((tab) => tab.documentId)).toEqual(['2', '3', '4'])
  })

  it('merges roles even when only one composite names the person', () => {
    const result = merge({
      compositeTemplates: [
        composite('1', 'intake', [{ roleName: 'Signing Recipient #1', routingOrder: '1', ...person }]),
        composite('2', 'consent'),
      ],
    })
    const signer = result.recipients.find((recipient) => recipient.roleName === 'Signing Recipient #1')
    expect(signer).toMatchObject(person)
    expect(signer?.tabs.signHereTabs).toHaveLength(2)
  })

  it('merges recipients with the same email, name and routing order in a final pass', () => {
    const result = merge({
      compositeTemplates: [
        composite('1', 'nda', [
          { roleName: 'Signing Recipient #1', routingOrder: '1', ...person },
          { roleName: 'Service Coordinator', routingOrder: '2', name: 'Cole', email: 'cole@example.test' },
        ]),
        composite('2', 'consent', [
          { roleName: 'Witness', routingOrder: '1', name: person.name, email: 'ANA@example.test' },
        ]),
      ],
    })
    expect(
      result.recipients.map((recipient) => [recipient.recipientId, recipient.roleName, recipient.name]),
    ).toEqual([
      ['1', 'Signing Recipient #1', 'Ana Ruiz'],
      ['2', 'Service Coordinator', 'Cole'],
      ['3', 'Witness', undefined],
    ])
  })

  it('keeps people apart when their routing orders differ', () => {
    const result = merge({
      compositeTemplates: [
        composite('1', 'nda', [{ roleName: 'Service Coordinator', routingOrder: '2', ...person }]),
        composite('2', 'intake', [{ roleName: 'Signing Recipient #1', routingOrder: '1', ...person }]),
      ],
    })
    expect(result.recipients.filter((recipient) => recipient.email === person.email)).toHaveLength(2)
  })

  it('rewrites tab recipientIds to the recipient id it keeps', () => {
    const result = merge({
      compositeTemplates: [
        composite('1', 'nda', [
          { roleName: 'Service Coordinator', routingOrder: '2', name: 'Cole', email: 'cole@example.test' },
        ]),
        composite('2', 'consent', [{ roleName: 'Signing Recipient #1', routingOrder: '1', ...person }]),
      ],
    })
    expect(result.recipients.map((recipient) => recipient.recipientId)).toEqual(['1', '2', '3'])
    for (const recipient of result.recipients) {
      for (const tab of recipient.tabs.signHereTabs ?? []) expect(tab.recipientId).toBe(recipient.recipientId)
    }
  })
})

describe("a recipient repeated in a composite of its own without a routing order (DocuSign's eg013)", () => {
  const cc = { roleName: 'Service Coordinator', name: 'Carl', email: 'carl@example.test' }
  const documents = [{ documentId: '1', name: 'a.html', fileExtension: 'html', documentBase64: 'PHA+' }]
  const stored = new Map([['compositeTemplates[1].document', { pages: 1, blobId: 'blob-a' }]])
  const eg013 = (second: object) => ({
    status: 'sent' as const,
    compositeTemplates: [
      composite('1', 'nda', [{ roleName: 'Signing Recipient #1', recipientId: '1', ...person }], {
        inlineTemplates: [
          {
            sequence: '2',
            recipients: {
              signers: [{ roleName: 'Signing Recipient #1', recipientId: '1', ...person }],
              carbonCopies: [{ recipientId: '2', ...cc }],
            },
          },
        ],
      }),
      {
        compositeTemplateId: '2',
        inlineTemplates: [
          {
            sequence: '1',
            recipients: {
              signers: [{ roleName: 'Signing Recipient #1', recipientId: '1', ...person }],
              carbonCopies: [second],
            },
          },
        ],
        document: documents[0],
      },
    ],
  })

  it("joins the template role's recipient with the same id, keeping its routing order", () => {
    const result = merge(eg013({ recipientId: '2', ...cc }), stored)
    expect(result.recipients.map((r) => [r.recipientId, r.roleName, r.routingOrder])).toEqual([
      ['1', 'Signing Recipient #1', '1'],
      ['2', 'Service Coordinator', '2'],
    ])
  })

  it('joins by the same email and name when no id is given', () => {
    const result = merge(eg013({ ...cc }), stored)
    expect(result.recipients.filter((r) => r.roleName === 'Service Coordinator')).toHaveLength(1)
  })

  it('keeps a different person apart', () => {
    const result = merge(eg013({ ...cc, name: 'Other', email: 'other@example.test' }), stored)
    expect(result.recipients.filter((r) => r.roleName === 'Service Coordinator')).toHaveLength(2)
  })

  it('keeps two given routing orders apart, as the contract says', () => {
    rejects(
      eg013({ recipientId: '2', routingOrder: '1', ...cc }),
      'recipientId 2 is used by another recipient',
      stored,
    )
  })
})

describe('recipientType in a request', () => {
  const documents = [{ documentId: '1', name: 'a.pdf', documentBase64: 'JVBERi0=' }]
  const stored = new Map([['documents[0]', { pages: 1, blobId: 'blob-a' }]])
  const withTypes = (signerType: string, copyType: string) => ({
    documents,
    recipients: {
      signers: [{ ...person, recipientType: signerType }],
      carbonCopies: [{ name: 'Carl', email: 'carl@example.test', recipientType: copyType }],
    },
  })

  it("is taken when it names the recipient's list, in any case or as DocuSign's bulk example writes it", () => {
    const result = merge(withTypes('Signer', 'cc'), stored)
    expect(result.recipients.map((recipient) => recipient.type)).toEqual(['signer', 'carbonCopy'])
    expect(merge(withTypes('signer', 'carboncopy'), stored).recipients).toHaveLength(2)
  })

  it('is refused, naming it, when it names another type', () => {
    rejects(
      withTypes('signer', 'signer'),
      "recipients.carbonCopies[0].recipientType 'signer' does not match",
      stored,
    )
  })
})

describe('recipient ids', () => {
  const cc = { name: 'Carl', email: 'carl@example.test' }
  const documents = [{ documentId: '1', name: 'a.pdf', documentBase64: 'JVBERi0=' }]
  const stored = new Map([['documents[0]', { pages: 1, blobId: 'blob-a' }]])

  it("keeps the caller's ids on a documents request", () => {
    const result = merge(
      {
        documents,
        recipients: {
          signers: [
            { recipientId: '5', ...person },
            { recipientId: '9', name: 'Bo', email: 'bo@example.test' },
          ],
          carbonCopies: [{ recipientId: '12', ...cc }],
        },
      },
      stored,
    )
    expect(result.recipients.map((recipient) => recipient.recipientId)).toEqual(['5', '9', '12'])
  })

  it('generates the lowest free id only for recipients without one', () => {
    const result = merge(
      {
        documents,
        recipients: { signers: [person, { recipientId: '1', ...cc }, { name: 'Bo', email: 'b@x.test' }] },
      },
      stored,
    )
    expect(result.recipients.map((recipient) => recipient.recipientId)).toEqual(['2', '1', '3'])
  })

  it('refuses two recipients with one id: 400 naming both', () => {
    rejects(
      {
        documents,
        recipients: {
          signers: [{ recipientId: '3', ...person }],
          carbonCopies: [{ recipientId: '03', ...cc }],
        },
      },
      'recipients.carbonCopies[0].recipientId 3 is used by another recipient (recipients.signers[0])',
      stored,
    )
  })

  it("lets an inline template's id beat the server template's for the role it fills", () => {
    const result = merge({
      compositeTemplates: [
        composite('1', 'intake', [{ roleName: 'Signing Recipient #1', recipientId: '7', ...person }]),
      ],
    })
    expect(result.recipients.map((recipient) => recipient.recipientId)).toEqual(['7'])
    expect(result.recipients[0]?.tabs.signHereTabs?.[0]?.recipientId).toBe('7')
  })

  it('gives a template role whose id the caller took the next free id', () => {
    const result = merge({
      compositeTemplates: [
        composite('1', 'nda', [{ roleName: 'Signing Recipient #1', recipientId: '2', ...person }]),
      ],
    })
    expect(result.recipients.map((recipient) => [recipient.roleName, recipient.recipientId])).toEqual([
      ['Signing Recipient #1', '2'],
      ['Service Coordinator', '1'],
    ])
  })
})

describe('roles without a name and email', () => {
  const request = (status: 'sent' | 'created'): EnvelopeDefinitionInput => ({
    status,
    compositeTemplates: [
      composite('1', 'nda', [{ roleName: 'Signing Recipient #1', routingOrder: '1', ...person }]),
    ],
  })

  it('are removed when the envelope is sent', () => {
    expect(merge(request('sent')).recipients.map((recipient) => recipient.roleName)).toEqual([
      'Signing Recipient #1',
    ])
  })

  it('are kept as placeholders in a draft', () => {
    expect(merge(request('created')).recipients.map((recipient) => recipient.roleName)).toEqual([
      'Signing Recipient #1',
      'Service Coordinator',
    ])
  })

  it('leave a sent envelope without recipients: 400', () => {
    rejects({ status: 'sent', compositeTemplates: [composite('1', 'nda')] }, 'The envelope has no recipients')
  })

  it('reject a sent recipient that has an email but no name', () => {
    rejects(
      {
        status: 'sent',
        compositeTemplates: [
          composite('1', 'intake', [
            { roleName: 'Signing Recipient #1', routingOrder: '1', email: 'a@example.test' },
          ]),
        ],
      },
      'The recipient with role "Signing Recipient #1" and routingOrder 1 has no name',
    )
  })

  it('reject a sent envelope without documents', () => {
    const bare = templateMap(template('bare', { roles: [signerRole('Signer')] }))
    expect(() =>
      mergeEnvelopeDefinition(
        {
          status: 'sent',
          compositeTemplates: [
            composite('1', 'bare', [{ roleName: 'Signer', routingOrder: '1', ...person }]),
          ],
        },
        bare,
        none,
      ),
    ).toThrow('The envelope has no documents')
  })
})

describe('custom fields', () => {
  const fields = (value: string) => ({
    textCustomFields: [{ name: 'CaseNumber', value, show: 'false' as const, required: 'false' as const }],
  })

  it('come from inline templates, a later sequence overriding the same name', () => {
    const result = merge({
      customFields: { textCustomFields: [{ name: 'Root', value: 'ignored' }] },
      compositeTemplates: [
        {
          serverTemplates: [{ sequence: '1', templateId: 'intake' }],
          inlineTemplates: [
            { sequence: '3', customFields: fields('late') },
            {
              sequence: '2',
              customFields: {
                ...fields('early'),
                listCustomFields: [{ name: 'Language', value: 'Spanish', listItems: ['English', 'Spanish'] }],
              },
            },
          ],
        },
      ],
    })
    expect(result.customFields).toEqual({
      textCustomFields: [{ name: 'CaseNumber', value: 'late', show: false, required: false }],
      listCustomFields: [
        {
          name: 'Language',
          value: 'Spanish',
          listItems: ['English', 'Spanish'],
          show: false,
          required: false,
        },
      ],
    })
  })

  it('let a later composite override an earlier one', () => {
    const result = merge({
      compositeTemplates: [
        {
          serverTemplates: [{ sequence: '1', templateId: 'intake' }],
          inlineTemplates: [{ sequence: '2', customFields: fields('first') }],
        },
        {
          serverTemplates: [{ sequence: '1', templateId: 'nda' }],
          inlineTemplates: [
            {
              sequence: '2',
              customFields: {
                textCustomFields: [
                  { name: 'CrmRecordId', value: '500', show: 'true' },
                  { name: 'CaseNumber', value: 'second' },
                ],
              },
            },
          ],
        },
      ],
    })
    expect(result.customFields.textCustomFields).toEqual([
      { name: 'CaseNumber', value: 'second', show: false, required: false },
      { name: 'CrmRecordId', value: '500', show: true, required: false },
    ])
  })

  it('treat stored template values as defaults that the request overrides in any composite', () => {
    const withDefault = template('with-default', {
      documents: [{ documentId: '1' }],
      roles: [signerRole('Signing Recipient #1', '1')],
      textCustomFields: [
        { name: 'CrmRecordId', value: '', show: false, required: false },
        { name: 'Region', value: 'North', show: true, required: false },
      ],
    })
    const result = mergeEnvelopeDefinition(
      {
        compositeTemplates: [
          {
            serverTemplates: [{ sequence: '1', templateId: 'intake' }],
            inlineTemplates: [
              { sequence: '2', customFields: { textCustomFields: [{ name: 'CrmRecordId', value: '500' }] } },
            ],
          },
          { serverTemplates: [{ sequence: '1', templateId: 'with-default' }] },
        ],
      },
      templateMap(nda, intake, consent, withDefault),
      none,
    )
    expect(result.customFields.textCustomFields).toEqual([
      { name: 'CrmRecordId', value: '500', show: false, required: false },
      { name: 'Region', value: 'North', show: true, required: false },
    ])
  })

  it('reject a list value that is not one of its items', () => {
    rejects(
      {
        compositeTemplates: [
          {
            inlineTemplates: [
              {
                sequence: '1',
                customFields: { listCustomFields: [{ name: 'L', value: 'French', listItems: ['English'] }] },
              },
            ],
          },
        ],
      },
      'compositeTemplates[0].inlineTemplates[0].customFields.listCustomFields[0].value must be one of its listItems',
    )
  })
})

describe('compositeTemplateId', () => {
  it('must be unique in the request', () => {
    rejects(
      { compositeTemplates: [composite('1', 'nda'), composite('2', 'intake'), composite('1', 'consent')] },
      'compositeTemplates[2].compositeTemplateId "1" is not unique: compositeTemplates[0] uses it too',
    )
  })

  it('may be omitted', () => {
    expect(
      merge({
        compositeTemplates: [
          { serverTemplates: [{ sequence: '1', templateId: 'nda' }] },
          { serverTemplates: [{ sequence: '1', templateId: 'intake' }] },
        ],
      }).documents,
    ).toHaveLength(3)
  })

  it('needs server or inline templates', () => {
    rejects(
      { compositeTemplates: [{ compositeTemplateId: '1' }] },
      'compositeTemplates[0] must have serverTemplates or inlineTemplates',
    )
  })
})

describe('unknown templateId', () => {
  it('is 400 naming the field', () => {
    rejects(
      {
        compositeTemplates: [
          composite('1', 'nda'),
          {
            serverTemplates: [
              { sequence: '1', templateId: 'nda' },
              { sequence: '2', templateId: 'missing' },
            ],
          },
        ],
      },
      'compositeTemplates[1].serverTemplates[1].templateId "missing" is not a template of this account',
    )
    rejects(
      { templateId: 'missing', templateRoles: [] },
      'templateId "missing" is not a template of this account',
    )
  })
})

describe('email on every recipient, and SMS delivery', () => {
  const signer = (fields: object) => ({
    compositeTemplates: [
      composite('1', 'intake', [{ roleName: 'Signing Recipient #1', routingOrder: '1', ...fields }]),
    ],
  })

  it('rejects an invalid email', () => {
    rejects(
      signer({ name: 'A', email: 'not-an-email' }),
      'compositeTemplates[0].inlineTemplates[0].recipients.signers[0].email must be a valid email address',
    )
  })

  it('requires a phone number with SMS delivery', () => {
    rejects(
      signer({ ...person, deliveryMethod: 'SMS' }),
      'compositeTemplates[0].inlineTemplates[0].recipients.signers[0].phoneNumber is required when deliveryMethod is SMS',
    )
  })

  it('rejects an unknown delivery method', () => {
    rejects(
      signer({ ...person, deliveryMethod: 'fax' }),
      'compositeTemplates[0].inlineTemplates[0].recipients.signers[0].deliveryMethod must be email or SMS',
    )
  })

  it('accepts SMS in any case and keeps the email', () => {
    const recipient = merge(
      signer({ ...person, deliveryMethod: 'Sms', phoneNumber: { countryCode: '57', number: '3001112233' } }),
    ).recipients[0]
    expect(recipient).toMatchObject({ email: person.email, deliveryMethod: 'SMS' })
  })

  it('keeps email delivery and adds SMS with additionalNotifications', () => {
    const phoneNumber = { countryCode: '1', number: '5550001111' }
    const recipient = merge(
      signer({ ...person, additionalNotifications: [{ secondaryDeliveryMethod: 'sms', phoneNumber }] }),
    ).recipients[0]
    expect(recipient).toMatchObject({
      deliveryMethod: 'email',
      additionalNotifications: [{ secondaryDeliveryMethod: 'SMS', phoneNumber }],
    })
  })

  it('rejects another secondary delivery method', () => {
    rejects(
      signer({
        ...person,
        additionalNotifications: [
          { secondaryDeliveryMethod: 'email', phoneNumber: { countryCode: '1', number: '5550001111' } },
        ],
      }),
      'compositeTemplates[0].inlineTemplates[0].recipients.signers[0].additionalNotifications[0].secondaryDeliveryMethod must be SMS',
    )
  })
})

describe('templateId with templateRoles', () => {
  it('fills roles by name and may move the routing order', () => {
    const result = merge({
      status: 'sent',
      templateId: 'nda',
      templateRoles: [
        { roleName: 'Signing Recipient #1', ...person },
        { roleName: 'Service Coordinator', name: 'Cole', email: 'cole@example.test', routingOrder: '5' },
      ],
      customFields: { textCustomFields: [{ name: 'CrmRecordId', value: '42' }] },
    })
    expect(
      result.recipients.map((recipient) => [recipient.roleName, recipient.routingOrder, recipient.name]),
    ).toEqual([
      ['Signing Recipient #1', '1', 'Ana Ruiz'],
      ['Service Coordinator', '5', 'Cole'],
    ])
    expect(result.documents).toHaveLength(2)
    expect(result.emailSubject).toBe('NDA subject')
    expect(result.customFields.textCustomFields).toEqual([
      { name: 'CrmRecordId', value: '42', show: false, required: false },
    ])
  })

  it('rejects a role the template does not have', () => {
    rejects(
      { templateId: 'nda', templateRoles: [{ roleName: 'Nobody', ...person }] },
      'templateRoles[0].roleName "Nobody" is not a role of template nda',
    )
  })
})

describe('inline documents with recipients', () => {
  it('builds the envelope from documents, recipients and root custom fields', () => {
    const stored = new Map([
      ['documents[0]', { pages: 2, blobId: 'b0' }],
      ['documents[1]', { pages: 3, blobId: 'b1' }],
    ])
    const result = merge(
      {
        status: 'sent',
        emailSubject: 'Please sign',
        documents: [
          { documentId: '9', name: 'A', documentBase64: 'x' },
          { documentId: '4', name: 'B', fileExtension: 'PDF', documentBase64: 'x' },
        ],
        recipients: {
          signers: [
            {
              recipientId: '1',
              ...person,
              tabs: {
                signHereTabs: [
                  { documentId: '4', pageNumber: '1', xPosition: '10', yPosition: '20', recipientId: '1' },
                ],
              },
            },
          ],
          carbonCopies: [{ recipientId: '2', routingOrder: '2', name: 'Copy', email: 'copy@example.test' }],
        },
        customFields: { textCustomFields: [{ name: 'CaseNumber', value: '7' }] },
      },
      stored,
    )
    expect(
      result.documents.map((document) => [
        document.documentId,
        document.blobId,
        document.pages,
        document.fileExtension,
      ]),
    ).toEqual([
      ['1', 'b0', 2, 'pdf'],
      ['2', 'b1', 3, 'pdf'],
    ])
    expect(
      result.recipients.map((recipient) => [recipient.type, recipient.recipientId, recipient.routingOrder]),
    ).toEqual([
      ['signer', '1', '1'],
      ['carbonCopy', '2', '2'],
    ])
    expect(result.recipients[0]?.tabs.signHereTabs?.[0]?.documentId).toBe('2')
    expect(result.customFields.textCustomFields).toHaveLength(1)
  })

  it('needs one of compositeTemplates, templateId or documents', () => {
    rejects({ status: 'created' }, 'The envelope needs compositeTemplates, templateId or documents')
  })
})

describe('request helpers', () => {
  it('lists template ids once, in order', () => {
    expect(
      templateIdsOf({ compositeTemplates: [composite('1', 'b'), composite('2', 'a'), composite('3', 'b')] }),
    ).toEqual(['b', 'a'])
    expect(templateIdsOf({ templateId: 't' })).toEqual(['t'])
  })

  it('names every inline document by its field path', () => {
    const document = { documentId: '1', name: 'D', documentBase64: 'x' }
    expect(
      inlineDocumentsOf({
        compositeTemplates: [
          { inlineTemplates: [{ sequence: '1', documents: [document, document] }], document },
        ],
      }).map((found) => found.path),
    ).toEqual([
      'compositeTemplates[0].inlineTemplates[0].documents[0]',
      'compositeTemplates[0].inlineTemplates[0].documents[1]',
      'compositeTemplates[0].document',
    ])
    expect(inlineDocumentsOf({ documents: [document] }).map((found) => found.path)).toEqual(['documents[0]'])
    expect(inlineDocumentsOf({ templateId: 't', documents: [document] })).toEqual([])
  })
})

describe("a template's list tab filled by templateRoles (DocuSign's eg017)", () => {
  const colors = template('colors', {
    documents: [{ documentId: '1' }],
    roles: [
      {
        roleName: 'signer',
        tabs: {
          listTabs: [
            {
              tabLabel: 'list',
              documentId: '1',
              pageNumber: '1',
              xPosition: '10',
              yPosition: '20',
              listItems: [
                { text: 'Red', value: 'red', selected: 'true' },
                { text: 'Green', value: 'green', selected: 'false' },
              ],
            },
          ],
        },
      },
    ],
  })
  const fill = (value: string) =>
    mergeEnvelopeDefinition(
      {
        templateId: 'colors',
        templateRoles: [
          {
            roleName: 'signer',
            name: 'Ana',
            email: 'ana@example.test',
            tabs: { listTabs: [{ value, documentId: '1', pageNumber: '1', tabLabel: 'list' }] },
          },
        ],
      },
      templateMap(colors),
      none,
    )

  it("selects the template's item of that value and keeps the tab's place", () => {
    const [tab] = fill('green').recipients[0]?.tabs.listTabs ?? []
    expect(tab).toMatchObject({ value: 'green', xPosition: '10', yPosition: '20', pageNumber: '1' })
    expect(tab?.listItems).toEqual([
      { text: 'Red', value: 'red', selected: 'false' },
      { text: 'Green', value: 'green', selected: 'true' },
    ])
  })

  it('refuses a value that is none of the items: 400', () => {
    expect(() => fill('blue')).toThrow(
      'templateRoles[0].tabs.listTabs[0].value must be the value of one of its listItems',
    )
  })
})
