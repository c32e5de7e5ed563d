import { findNull } from 'platform/testing'
import { describe, expect, it } from 'vitest'
import type { EnvelopeRecord, StoredRecipient } from '../../envelopes/repository.js'
import { buildConnectPayload, type EnvelopeSnapshot } from './payload.js'

const envelope: EnvelopeRecord = {
  envelopeId: 'env-1',
  accountId: 'acc-1',
  sender: { userId: 'user-1', userName: 'Sam Sender', email: 'sam@example.test' },
  status: 'completed',
  emailSubject: 'Contract',
  emailBlurb: '',
  createdAt: '2026-11-01T10:00:00.000Z',
  sentAt: '2026-11-01T10:00:00.000Z',
  statusChangedAt: '2026-11-01T11:00:00.000Z',
  updatedAt: '2026-11-01T11:00:00.000Z',
  envelopeIdStamping: true,
  enforceSignerVisibility: false,
  allowReassign: false,
}

const signer: StoredRecipient = {
  type: 'signer',
  recipientId: '1',
  recipientIdGuid: 'guid-1',
  routingOrder: '1',
  name: 'Ann',
  email: 'ann@example.test',
  deliveryMethod: 'email',
  additionalNotifications: [],
  tabs: {},
  status: 'completed',
}

const snapshot: EnvelopeSnapshot = {
  envelope,
  completedAt: '2026-11-01T11:00:00.000Z',
  recipients: [signer],
  customFields: {
    textCustomFields: [{ fieldId: '1', name: 'CrmRecordId', value: 'CRM-1', show: false, required: false }],
    listCustomFields: [],
  },
  documents: [
    { documentId: '1', documentIdGuid: 'doc-guid', name: 'Contract', order: 1, pdfBase64: 'JVBERi0=' },
  ],
}

const event = (name: string, recipientId?: string) => ({
  accountId: 'acc-1',
  envelopeId: 'env-1',
  event: name,
  at: '2026-11-01T11:00:00.000Z',
  ...(recipientId ? { recipientId } : {}),
})

describe('buildConnectPayload', () => {
  it('builds the JSON SIM envelope with numbers for retryCount and configurationId, and no nulls', () => {
    const payload = buildConnectPayload({
      event: event('envelope-completed'),
      configurationId: 7,
      includeData: [],
      snapshot,
      generatedAt: '2026-11-01T11:00:01.000Z',
    })
    expect(findNull(payload)).toBeUndefined()
    expect(payload).toEqual({
      event: 'envelope-completed',
      apiVersion: 'v2.1',
      uri: '/restapi/v2.1/accounts/acc-1/envelopes/env-1',
      retryCount: 0,
      configurationId: 7,
      generatedDateTime: '2026-11-01T11:00:01.000Z',
      data: {
        accountId: 'acc-1',
        userId: 'user-1',
        envelopeId: 'env-1',
        envelopeSummary: {
          envelopeId: 'env-1',
          status: 'completed',
          emailSubject: 'Contract',
          sentDateTime: '2026-11-01T10:00:00.000Z',
          completedDateTime: '2026-11-01T11:00:00.000Z',
          statusChangedDateTime: '2026-11-01T11:00:00.000Z',
        },
      },
    })
  })

  it('adds custom fields, recipients and documents only when includeData names them', () => {
    const summaryFor = (includeData: string[]) =>
      buildConnectPayload({
        event: event('envelope-completed'),
        configurationId: 1,
        includeData,
        snapshot,
        generatedAt: 'x',
      }).data.envelopeSummary as Record<string, unknown>
    expect(Object.keys(summaryFor(['custom_fields']))).toContain('customFields')
    expect(Object.keys(summaryFor(['custom_fields']))).not.toContain('recipients')
    expect(summaryFor(['recipients']).recipients).toMatchObject({
      signers: [{ recipientId: '1', status: 'completed' }],
    })
    expect(summaryFor(['documents']).envelopeDocuments).toEqual([
      {
        documentId: '1',
        documentIdGuid: 'doc-guid',
        name: 'Contract',
        type: 'content',
        order: '1',
        PDFBytes: 'JVBERi0=',
      },
    ])
    expect(summaryFor(['custom_fields']).customFields).toMatchObject({
      textCustomFields: [{ name: 'CrmRecordId', value: 'CRM-1' }],
    })
  })

  it('carries recipientId on recipient events only', () => {
    const build = (name: string, recipientId?: string) =>
      buildConnectPayload({
        event: event(name, recipientId),
        configurationId: 1,
        includeData: [],
        snapshot,
        generatedAt: 'x',
      })
    expect(build('recipient-completed', '1').data.recipientId).toBe('1')
    expect('recipientId' in build('envelope-sent').data).toBe(false)
  })
})
