import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { smsPhoneOf } from '../lifecycle/channels.js'
import { lifecycleRecipientOf } from '../lifecycle/from-envelope.js'
import type { LifecycleEnvelope, MessageEffect } from '../lifecycle/model.js'
import { recipientSigned, send } from '../lifecycle/transitions.js'
import { composeMessages } from '../messages/compose.js'
import type { createDelivery } from './dispatch.js'
import { deliveryThrough } from './testing/delivery.js'
import { startSmtpSink } from './testing/smtp-sink.js'
import { startTwilioReceiver } from './testing/twilio-receiver.js'

/**
 * The lifecycle's message effects composed and delivered over real transports: an email signer at
 * routing order 1, then an SMS-only signer at order 2 whose placeholder email must never get mail.
 */

const stored = [
  {
    recipientId: '1',
    type: 'signer' as const,
    routingOrder: '1',
    name: 'Ana',
    email: 'ana@example.test',
    deliveryMethod: 'email' as const,
    additionalNotifications: [],
  },
  {
    recipientId: '2',
    type: 'signer' as const,
    routingOrder: '2',
    name: 'Beto',
    email: 'placeholder@crm.invalid',
    deliveryMethod: 'SMS' as const,
    phoneNumber: { countryCode: '57', number: '3001234567' },
    additionalNotifications: [],
  },
]
const envelope = { emailSubject: 'Service Agreement', emailBlurb: 'Please sign.', senderName: 'Sam Sender' }

let sink: Awaited<ReturnType<typeof startSmtpSink>>
let sms: Awaited<ReturnType<typeof startTwilioReceiver>>
let delivery: ReturnType<typeof createDelivery>

beforeAll(async () => {
  sink = await startSmtpSink()
  sms = await startTwilioReceiver()
  delivery = deliveryThrough(sink, sms)
})
afterAll(async () => {
  delivery.close()
  await Promise.all([sink.close(), sms.close()])
})

async function deliver(effects: MessageEffect[]) {
  for (const effect of effects) {
    const recipient = stored.find((candidate) => candidate.recipientId === effect.recipientId)!
    const link =
      effect.kind === 'completed'
        ? 'https://localhost:8443/documents/e1/combined'
        : `https://localhost:8443/signing/token-${recipient.recipientId}`
    const messages = composeMessages({
      kind: effect.kind,
      language: 'en',
      channel: effect.channel,
      envelope,
      recipient: { name: recipient.name, email: recipient.email, phone: smsPhoneOf(recipient) },
      link,
    })
    for (const message of messages)
      expect(await delivery.dispatch(message)).toMatchObject({ outcome: 'delivered' })
  }
}

describe('lifecycle messages over SMTP and a Twilio-shaped provider', () => {
  it('invites by email, then the second routing order by SMS only, then sends completion messages', async () => {
    let state: LifecycleEnvelope = {
      status: 'created',
      recipients: stored.map((recipient) => lifecycleRecipientOf(recipient, { status: 'created' })),
    }
    const sent = send(state, new Date('2026-11-22T10:00:00Z'))
    await deliver(sent.effects.messages)
    expect(sink.received.map((mail) => [mail.to[0], mail.subject])).toEqual([
      ['ana@example.test', 'Service Agreement'],
    ])
    expect(sink.received[0]!.text).toContain('https://localhost:8443/signing/token-1')
    expect(sms.received).toHaveLength(0)
    state = sent.envelope

    const first = recipientSigned(state, '1', new Date('2026-11-22T11:00:00Z'))
    await deliver(first.effects.messages)
    expect(sms.received).toHaveLength(1)
    expect(sms.received[0]!.path).toBe('/2010-04-01/Accounts/AC1/Messages.json')
    expect(sms.received[0]!.form.get('To')).toBe('+573001234567')
    expect(sms.received[0]!.form.get('Body')).toContain('https://localhost:8443/signing/token-2')
    state = first.envelope

    const last = recipientSigned(state, '2', new Date('2026-11-22T12:00:00Z'))
    expect(last.envelope.status).toBe('completed')
    await deliver(last.effects.messages)
    expect(sink.received.map((mail) => mail.subject)).toEqual([
      'Service Agreement',
      'Completed: Service Agreement',
    ])
    expect(sms.received.map((request) => request.form.get('Body'))).toEqual([
      expect.stringContaining('to sign'),
      expect.stringContaining('is complete. Signed document: https://localhost:8443/documents/e1/combined'),
    ])
    expect(sink.received.flatMap((mail) => mail.to)).not.toContain('placeholder@crm.invalid')
  })
})
