import { Value } from '@sinclair/typebox/value'
import { describe, expect, it } from 'vitest'
import { EnvelopeDefinition } from './envelope-definition.js'
import { Tabs } from './tabs.js'
import { TemplateDefinition } from './templates.js'

/** The schemas accept DocuSign's documented shapes and refuse what DocuSign's strings rule out. */

const signer = {
  email: 'ana@example.test',
  name: 'Ana',
  roleName: 'Signer',
  routingOrder: '1',
  deliveryMethod: 'SMS',
  phoneNumber: { countryCode: '57', number: '3001234567' },
  tabs: {
    textTabs: [
      { tabLabel: 'case', value: 'C-1', anchorString: '/case/', anchorXOffset: '10', anchorUnits: 'pixels' },
    ],
    listTabs: [
      {
        documentId: '1',
        pageNumber: '1',
        xPosition: '1',
        yPosition: '1',
        listItems: [{ text: 'A', value: 'a' }],
      },
    ],
    radioGroupTabs: [
      {
        documentId: '1',
        groupName: 'g',
        radios: [{ value: 'x', pageNumber: '1', xPosition: '1', yPosition: '1' }],
      },
    ],
  },
}

const definition = {
  status: 'sent',
  emailSubject: 'Please sign',
  compositeTemplates: [
    {
      compositeTemplateId: '1',
      serverTemplates: [{ sequence: '1', templateId: 'abc' }],
      inlineTemplates: [
        {
          sequence: '2',
          recipients: {
            signers: [signer],
            carbonCopies: [{ email: 'cc@example.test', name: 'Cy' }],
            certifiedDeliveries: [{ email: 'cd@example.test', name: 'Del' }],
            inPersonSigners: [{ hostEmail: 'host@example.test', hostName: 'Host', signerName: 'Vera' }],
          },
          customFields: { textCustomFields: [{ name: 'CrmRecordId', value: '42', show: 'false' }] },
        },
      ],
    },
  ],
  notification: {
    useAccountDefaults: 'false',
    reminders: { reminderEnabled: 'true', reminderDelay: '2', reminderFrequency: '2' },
    expirations: { expireEnabled: 'true', expireAfter: '30', expireWarn: '5' },
  },
  eventNotification: {
    url: 'https://hooks.example.com/',
    envelopeEvents: [{ envelopeEventStatusCode: 'Completed' }],
    includeHMAC: 'true',
  },
}

describe('EnvelopeDefinition', () => {
  it('accepts a composite-template request with every recipient list, notification and eventNotification', () => {
    expect([...Value.Errors(EnvelopeDefinition, definition)]).toEqual([])
  })

  it('refuses numbers where DocuSign sends strings', () => {
    const numeric = structuredClone(definition) as typeof definition
    ;(numeric.compositeTemplates[0]?.serverTemplates[0] as Record<string, unknown>).sequence = 1
    expect(Value.Check(EnvelopeDefinition, numeric)).toBe(false)
    const reminders = structuredClone(definition)
    ;(reminders.notification.reminders as Record<string, unknown>).reminderDelay = 2
    expect(Value.Check(EnvelopeDefinition, reminders)).toBe(false)
  })

  it('requires the host email of an in-person signer in an envelope, not in a template', () => {
    const envelope = { recipients: { inPersonSigners: [{ hostName: 'Host' }] } }
    expect(Value.Check(EnvelopeDefinition, envelope)).toBe(false)
    const template = { recipients: { inPersonSigners: [{ recipientId: '1', roleName: 'Walk-in' }] } }
    expect([...Value.Errors(TemplateDefinition, template)]).toEqual([])
  })
})

describe('Tabs', () => {
  it('keeps other DocuSign tab fields only as strings', () => {
    expect(Value.Check(Tabs, { textTabs: [{ anchorString: 'x', fontColor: 'Black' }] })).toBe(true)
    expect(Value.Check(Tabs, { textTabs: [{ anchorString: 'x', fontColor: 3 }] })).toBe(false)
  })

  it('needs list items for a list tab and radios for a radio group', () => {
    expect(Value.Check(Tabs, { listTabs: [{ anchorString: 'x', listItems: [] }] })).toBe(false)
    expect(Value.Check(Tabs, { radioGroupTabs: [{ groupName: 'g', radios: [] }] })).toBe(false)
  })
})
