import { describe, expect, it } from 'vitest'
import { send } from '../lifecycle/transitions.js'
import { appendEntries, verifyChain } from './chain.js'
import { auditRecordsOf, deliveryAttemptRecord } from './records.js'

const at = new Date('2026-11-22T10:00:00.000Z')

describe('auditRecordsOf', () => {
  it('turns a transition’s audit effects into records carrying who acted and from where', () => {
    const { effects } = send(
      {
        status: 'created',
        recipients: [
          { recipientId: '1', type: 'signer', routingOrder: 1, status: 'created', channel: 'email' },
        ],
      },
      at,
    )
    const actor = {
      source: 'API' as const,
      userName: 'Sam Sender',
      userId: 'u1',
      clientIpAddress: '127.0.0.1',
    }
    const records = auditRecordsOf('e1', effects.audit, actor, at)
    expect(records).toEqual([
      {
        envelopeId: 'e1',
        loggedAt: '2026-11-22T10:00:00.000Z',
        action: 'Sent Invitations',
        source: 'API',
        userName: 'Sam Sender',
        userId: 'u1',
        clientIpAddress: '127.0.0.1',
        recipientId: '1',
        message: 'Invitation sent to recipient 1.',
        envelopeStatus: 'sent',
      },
    ])
    expect(verifyChain(appendEntries(undefined, records)).ok).toBe(true)
  })
})

describe('deliveryAttemptRecord', () => {
  const attempt = {
    envelopeId: 'e1',
    envelopeStatus: 'sent' as const,
    recipientId: '2',
    kind: 'invitation' as const,
    at,
  }

  it('records a delivery, a deferral with its reason and a permanent failure', () => {
    expect(
      deliveryAttemptRecord({
        ...attempt,
        channel: 'sms',
        attempt: 1,
        result: { outcome: 'delivered', transport: 'sms', providerMessageId: 'SM1' },
      }),
    ).toMatchObject({
      action: 'Message Delivered',
      source: 'System',
      message: 'invitation by sms to recipient 2: delivered (attempt 1).',
      information: 'provider message id SM1',
    })
    expect(
      deliveryAttemptRecord({
        ...attempt,
        channel: 'email',
        attempt: 2,
        result: { outcome: 'retry', reason: 'SMTP 451' },
      }),
    ).toMatchObject({ action: 'Message Delivery Deferred', information: 'SMTP 451' })
    expect(
      deliveryAttemptRecord({
        ...attempt,
        channel: 'email',
        attempt: 3,
        result: { outcome: 'failed', reason: 'SMTP 550' },
      }),
    ).toMatchObject({ action: 'Message Delivery Failed', information: 'SMTP 550' })
  })
})
