import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { template } from '../envelopes/testing/fixtures.js'
import { checkedCopyRequest, copyRequest, listProblems, unsupportedProperty } from './copies.js'

const at = { documentId: '1', pageNumber: '1', xPosition: '10', yPosition: '10' }
const renewal = template('tpl', {
  documents: [{ documentId: '1' }],
  roles: [
    {
      roleName: 'Member',
      tabs: {
        signHereTabs: [at],
        textTabs: [{ ...at, tabLabel: 'Company' }],
        checkboxTabs: [{ ...at, tabLabel: 'Newsletter' }],
      },
    },
    { roleName: 'Witness', recipientId: '2', tabs: { signHereTabs: [at] } },
  ],
})
const member = { roleName: 'Member', name: 'Ana Ruiz', email: 'ana@example.test' }

describe('unsupportedProperty', () => {
  it('names nothing for a list of accepted properties, and takes null as absent', () => {
    expect(
      unsupportedProperty({
        name: 'L',
        listId: null,
        bulkCopies: [
          {
            emailSubject: 'S',
            recipients: [
              { ...member, tabs: [{ tabLabel: 'Company', initialValue: 'Acme' }], faxNumber: null },
            ],
            customFields: [{ name: 'n', value: 'v' }],
          },
        ],
      }),
    ).toBeUndefined()
  })

  it('names the first property it does not act on, at any level, with its path', () => {
    const levels = [
      { list: { source: 'x' }, path: 'source' },
      { copy: { envelopeIdStamping: 'true' }, path: 'bulkCopies[1].envelopeIdStamping' },
      { recipient: { signingGroupId: '5' }, path: 'bulkCopies[1].recipients[0].signingGroupId' },
      { tab: { tabId: 't' }, path: 'bulkCopies[1].recipients[0].tabs[0].tabId' },
      { field: { show: 'true' }, path: 'bulkCopies[1].customFields[0].show' },
    ]
    for (const level of levels) {
      const list = {
        name: 'L',
        ...level.list,
        bulkCopies: [
          { recipients: [member] },
          {
            ...level.copy,
            recipients: [{ ...member, ...level.recipient, tabs: [{ tabLabel: 'Company', ...level.tab }] }],
            customFields: [{ name: 'n', ...level.field }],
          },
        ],
      }
      expect(unsupportedProperty(list)).toBe(level.path)
    }
  })

  it('finds any unknown recipient property, whatever its name and place (property)', () => {
    const accepted = ['roleName', 'name', 'email', 'clientUserId', 'accessCode', 'tabs']
    fc.assert(
      fc.property(
        fc
          .string({ minLength: 1, maxLength: 12 })
          .filter((key) => !accepted.includes(key) && key !== '__proto__'),
        fc.nat({ max: 4 }),
        fc.nat({ max: 2 }),
        (key, copyIndex, recipientIndex) => {
          const bulkCopies = Array.from({ length: 5 }, () => ({
            recipients: Array.from({ length: 3 }, () => ({ ...member }) as Record<string, unknown>),
          }))
          const recipient = bulkCopies[copyIndex]?.recipients[recipientIndex] as Record<string, unknown>
          recipient[key] = 'x'
          expect(unsupportedProperty({ name: 'L', bulkCopies })).toBe(
            `bulkCopies[${copyIndex}].recipients[${recipientIndex}].${key}`,
          )
        },
      ),
    )
  })
})

describe('listProblems', () => {
  it('requires a role, a name and an email, and one person per role in a copy', () => {
    expect(listProblems([{ recipients: [member] }])).toEqual([])
    expect(
      listProblems([{ recipients: [{ roleName: 'Member', email: 'a@example.test' }, { ...member }] }]).map(
        (problem) => problem.message,
      ),
    ).toEqual([
      'bulkCopies[0].recipients[0].name is required',
      "bulkCopies[0].recipients[1].roleName 'Member' fills a role already filled in this copy",
    ])
  })
})

describe('copyRequest', () => {
  it('fills the roles by name, tab values by label in their own tab type, custom fields and email text', () => {
    const built = copyRequest(
      renewal,
      {
        recipients: [
          {
            ...member,
            clientUserId: '42',
            tabs: [
              { tabLabel: 'Company', initialValue: 'Acme' },
              { tabLabel: 'Newsletter', initialValue: 'true' },
            ],
          },
        ],
        customFields: [{ name: 'memberNumber', value: '7' }, { name: 'empty' }],
        emailSubject: 'Renew, Ana',
        emailBlurb: 'Hello',
      },
      0,
    )
    expect(built).toEqual({
      request: {
        status: 'sent',
        templateId: 'tpl',
        templateRoles: [
          {
            roleName: 'Member',
            name: 'Ana Ruiz',
            email: 'ana@example.test',
            clientUserId: '42',
            tabs: {
              textTabs: [{ tabLabel: 'Company', value: 'Acme' }],
              checkboxTabs: [{ tabLabel: 'Newsletter', selected: 'true' }],
            },
          },
        ],
        customFields: {
          textCustomFields: [
            { name: 'memberNumber', value: '7' },
            { name: 'empty', value: '' },
          ],
        },
        emailSubject: 'Renew, Ana',
        emailBlurb: 'Hello',
      },
    })
  })

  it('reports a role the template does not have and a tab label the role does not have', () => {
    const built = copyRequest(
      renewal,
      {
        recipients: [
          { ...member, roleName: 'Treasurer' },
          { ...member, roleName: 'Witness', tabs: [{ tabLabel: 'Company', initialValue: 'Acme' }] },
        ],
      },
      3,
    )
    expect(built).toEqual({
      problems: [
        {
          code: 'BULK_SEND_ROLE_NOT_IN_TEMPLATE',
          message: "bulkCopies[3].recipients[0].roleName 'Treasurer' is not a role of template tpl",
        },
        {
          code: 'BULK_SEND_TAB_NOT_IN_ROLE',
          message: "bulkCopies[3].recipients[1].tabs[0].tabLabel 'Company' is not a tab of role 'Witness'",
        },
      ],
    })
  })
})

describe('checkedCopyRequest', () => {
  it('reports what the envelope create would refuse: an address that is not one', () => {
    expect(checkedCopyRequest(renewal, { recipients: [{ ...member, email: 'not an address' }] }, 2)).toEqual({
      problems: [
        {
          code: 'BULK_SEND_INVALID_COPY',
          message: 'bulkCopies[2]: templateRoles[0].email must be a valid email address',
        },
      ],
    })
    expect(checkedCopyRequest(renewal, { recipients: [member] }, 0)).toHaveProperty('request')
  })

  it("refuses a copy's own subject when its source locks the message (messageLock)", () => {
    const locked = { ...renewal, emailSubject: 'Renew your membership', messageLock: true as const }
    expect(checkedCopyRequest(locked, { recipients: [member], emailSubject: 'Mine' }, 1)).toEqual({
      problems: [
        {
          code: 'BULK_SEND_INVALID_COPY',
          message: expect.stringContaining(
            'bulkCopies[1]: The template "Template tpl" locks its subject and message',
          ),
        },
      ],
    })
    expect(checkedCopyRequest(locked, { recipients: [member] }, 0)).toHaveProperty('request')
  })
})
