import { describe, expect, it } from 'vitest'
import { deliveryChannel, smsPhoneOf } from './channels.js'
import { LifecycleError } from './errors.js'
import { lifecycleRecipientOf } from './from-envelope.js'
import type { LifecycleEnvelope, LifecycleRecipient, LifecycleRecipientType, Transition } from './model.js'
import {
  EXPIRED_REASON,
  expire,
  recipientDeclined,
  recipientSigned,
  recipientViewed,
  remind,
  resend,
  send,
  voidEnvelope,
  warnOfExpiry,
} from './transitions.js'

const T0 = new Date('2026-11-22T10:00:00.000Z')
const T1 = new Date('2026-11-22T11:00:00.000Z')
const T2 = new Date('2026-11-22T12:00:00.000Z')

function recipient(
  recipientId: string,
  routingOrder: number,
  type: LifecycleRecipientType = 'signer',
  channel: LifecycleRecipient['channel'] = 'email',
): LifecycleRecipient {
  return { recipientId, type, routingOrder, status: 'created', channel }
}

const draft = (...recipients: LifecycleRecipient[]): LifecycleEnvelope => ({ status: 'created', recipients })
const statusOf = (transition: Transition, recipientId: string) =>
  transition.envelope.recipients.find((candidate) => candidate.recipientId === recipientId)?.status
const eventsOf = (transition: Transition) =>
  transition.effects.events.map((event) =>
    event.recipientId ? `${event.event}:${event.recipientId}` : event.event,
  )
const messagesOf = (transition: Transition) =>
  transition.effects.messages.map((message) => `${message.kind}:${message.recipientId}`)

function expectLifecycleError(action: () => unknown, errorCode: string) {
  try {
    action()
  } catch (error) {
    expect(error).toBeInstanceOf(LifecycleError)
    expect((error as LifecycleError).errorCode).toBe(errorCode)
    expect((error as LifecycleError).statusCode).toBe(400)
    return
  }
  throw new Error(`expected ${errorCode}`)
}

describe('send', () => {
  it('invites only the lowest routing group and records the send', () => {
    const sent = send(draft(recipient('1', 1), recipient('2', 2), recipient('3', 1, 'signer', 'sms')), T0)
    expect(sent.envelope.status).toBe('sent')
    expect(sent.envelope.sentAt).toBe(T0.toISOString())
    expect(sent.envelope.recipients.map((r) => r.status)).toEqual(['sent', 'created', 'sent'])
    expect(sent.envelope.recipients[0]!.sentAt).toBe(T0.toISOString())
    expect(sent.effects.messages).toEqual([
      { kind: 'invitation', recipientId: '1', channel: 'email' },
      { kind: 'invitation', recipientId: '3', channel: 'sms' },
    ])
    expect(eventsOf(sent)).toEqual(['envelope-sent', 'recipient-sent:1', 'recipient-sent:3'])
    expect(sent.effects.audit.map((entry) => [entry.action, entry.recipientId])).toEqual([
      ['Sent Invitations', '1'],
      ['Sent Invitations', '3'],
    ])
  })

  it('starts at the lowest order present, not at 1', () => {
    const sent = send(draft(recipient('1', 5), recipient('2', 3)), T0)
    expect(sent.envelope.recipients.map((r) => r.status)).toEqual(['created', 'sent'])
  })

  it('sends carbon copies their copy once the routing reaches their order', () => {
    const sent = send(
      draft(recipient('cc1', 1, 'carbonCopy'), recipient('s', 2), recipient('cc3', 3, 'carbonCopy')),
      T0,
    )
    expect(messagesOf(sent)).toEqual(['copy:cc1', 'invitation:s'])
    expect(statusOf(sent, 'cc3')).toBe('created')
  })

  it('does not mutate the state it was given', () => {
    const before = draft(recipient('1', 1))
    const copy = structuredClone(before)
    send(before, T0)
    expect(before).toEqual(copy)
  })

  it('completes at once when nobody has to act (carbon copies only)', () => {
    const sent = send(draft(recipient('cc', 1, 'carbonCopy')), T0)
    expect(sent.envelope.status).toBe('completed')
    expect(statusOf(sent, 'cc')).toBe('completed')
    expect(messagesOf(sent)).toEqual(['completed:cc'])
  })

  it('refuses an envelope that is not a draft, or one without recipients', () => {
    const sent = send(draft(recipient('1', 1)), T0).envelope
    expectLifecycleError(() => send(sent, T1), 'ENVELOPE_INVALID_STATUS')
    expectLifecycleError(() => send(draft(), T0), 'INVALID_REQUEST_PARAMETER')
  })
})

describe('recipientViewed', () => {
  it('marks the recipient delivered once, and the envelope delivered when every invited actor has viewed', () => {
    const sent = send(draft(recipient('1', 1), recipient('2', 1), recipient('3', 2)), T0).envelope
    const first = recipientViewed(sent, '1', T1)
    expect(statusOf(first, '1')).toBe('delivered')
    expect(first.envelope.recipients[0]!.deliveredAt).toBe(T1.toISOString())
    expect(first.envelope.status).toBe('sent')
    expect(eventsOf(first)).toEqual(['recipient-delivered:1'])

    const second = recipientViewed(first.envelope, '2', T2)
    expect(second.envelope.status).toBe('delivered')
    expect(second.envelope.deliveredAt).toBe(T2.toISOString())
    expect(eventsOf(second)).toEqual(['recipient-delivered:2', 'envelope-delivered'])
    expect(second.effects.audit).toEqual([
      {
        action: 'Viewed',
        recipientId: '2',
        envelopeStatus: 'delivered',
        message: 'Recipient 2 viewed the envelope.',
      },
    ])

    const again = recipientViewed(second.envelope, '2', T2)
    expect(again.envelope).toEqual(second.envelope)
    expect(eventsOf(again)).toEqual([])
    expect(again.effects.audit.map((entry) => entry.action)).toEqual(['Viewed'])
  })

  it('completes a certified delivery when it views, advancing the routing', () => {
    const sent = send(draft(recipient('cd', 1, 'certifiedDelivery'), recipient('s', 2)), T0).envelope
    const viewed = recipientViewed(sent, 'cd', T1)
    expect(statusOf(viewed, 'cd')).toBe('completed')
    expect(statusOf(viewed, 's')).toBe('sent')
    expect(eventsOf(viewed)).toEqual(['recipient-delivered:cd', 'recipient-completed:cd', 'recipient-sent:s'])
  })

  it('refuses a recipient whose turn has not come, and an unknown recipient', () => {
    const sent = send(draft(recipient('1', 1), recipient('2', 2)), T0).envelope
    expectLifecycleError(() => recipientViewed(sent, '2', T1), 'RECIPIENT_NOT_IN_SEQUENCE')
    expectLifecycleError(() => recipientViewed(sent, '9', T1), 'UNKNOWN_ENVELOPE_RECIPIENT')
  })
})

describe('recipientSigned', () => {
  it('invites the next group when the current one has finished, then completes', () => {
    let state = send(
      draft(recipient('1', 1), recipient('2', 1, 'inPersonSigner'), recipient('3', 2, 'signer', 'sms')),
      T0,
    ).envelope
    const first = recipientSigned(recipientViewed(state, '1', T1).envelope, '1', T1)
    expect(statusOf(first, '1')).toBe('completed')
    expect(first.envelope.recipients[0]!.completedAt).toBe(T1.toISOString())
    expect(statusOf(first, '3')).toBe('created')
    expect(first.effects.messages).toEqual([])
    state = first.envelope

    const second = recipientSigned(state, '2', T1)
    expect(statusOf(second, '3')).toBe('sent')
    expect(second.envelope.status).toBe('sent')
    expect(second.effects.messages).toEqual([{ kind: 'invitation', recipientId: '3', channel: 'sms' }])
    expect(eventsOf(second)).toEqual(['recipient-delivered:2', 'recipient-completed:2', 'recipient-sent:3'])

    const last = recipientSigned(second.envelope, '3', T2)
    expect(last.envelope.status).toBe('completed')
    expect(last.envelope.completedAt).toBe(T2.toISOString())
    expect(eventsOf(last)).toEqual(['recipient-delivered:3', 'recipient-completed:3', 'envelope-completed'])
    expect(messagesOf(last)).toEqual(['completed:1', 'completed:2', 'completed:3'])
    expect(last.effects.audit.map((entry) => [entry.action, entry.envelopeStatus])).toEqual([
      ['Signed', 'completed'],
      ['Completed', 'completed'],
    ])
  })

  it('waits for a certified delivery before completing', () => {
    const sent = send(draft(recipient('s', 1), recipient('cd', 2, 'certifiedDelivery')), T0).envelope
    const signed = recipientSigned(sent, 's', T1)
    expect(signed.envelope.status).toBe('sent')
    expect(messagesOf(signed)).toEqual(['invitation:cd'])
    expect(recipientViewed(signed.envelope, 'cd', T2).envelope.status).toBe('completed')
  })

  it('completes carbon copies with the envelope and sends them the completed documents', () => {
    const sent = send(draft(recipient('s', 1), recipient('cc', 2, 'carbonCopy')), T0).envelope
    const signed = recipientSigned(sent, 's', T1)
    expect(statusOf(signed, 'cc')).toBe('completed')
    expect(signed.envelope.recipients[1]!.sentAt).toBe(T1.toISOString())
    expect(messagesOf(signed)).toEqual(['completed:s', 'completed:cc'])
    expect(eventsOf(signed)).toContain('recipient-completed:cc')
  })

  it('refuses signing twice, out of turn, and by a carbon copy', () => {
    const sent = send(
      draft(recipient('1', 1), recipient('cc', 1, 'carbonCopy'), recipient('2', 2)),
      T0,
    ).envelope
    expectLifecycleError(() => recipientSigned(sent, '2', T1), 'RECIPIENT_NOT_IN_SEQUENCE')
    expectLifecycleError(() => recipientSigned(sent, 'cc', T1), 'RECIPIENT_CANNOT_SIGN')
    const signed = recipientSigned(sent, '1', T1).envelope
    expectLifecycleError(() => recipientSigned(signed, '1', T2), 'RECIPIENT_ALREADY_FINISHED')
  })
})

describe('recipientDeclined', () => {
  it('declines the envelope and notifies the sender and everyone else it has reached', () => {
    const sent = send(draft(recipient('1', 1), recipient('2', 1), recipient('3', 2)), T0).envelope
    const declined = recipientDeclined(sent, '2', '  Wrong amount  ', T1)
    expect(declined.envelope.status).toBe('declined')
    expect(declined.envelope.declinedAt).toBe(T1.toISOString())
    const decliner = declined.envelope.recipients[1]!
    expect(decliner).toMatchObject({ status: 'declined', declinedReason: 'Wrong amount' })
    expect(eventsOf(declined)).toEqual(['recipient-delivered:2', 'recipient-declined:2', 'envelope-declined'])
    expect(declined.effects.messages).toEqual([
      { kind: 'declined', recipientId: '1', channel: 'email', reason: 'Wrong amount' },
      { kind: 'senderDeclined', recipientId: '2', channel: 'email', reason: 'Wrong amount' },
    ])
  })

  it('requires a reason', () => {
    const sent = send(draft(recipient('1', 1)), T0).envelope
    expectLifecycleError(() => recipientDeclined(sent, '1', '   ', T1), 'INVALID_REQUEST_PARAMETER')
  })
})

describe('voidEnvelope and expire', () => {
  it('voids an envelope in progress with the reason, notifying the recipients it reached', () => {
    const sent = send(draft(recipient('1', 1), recipient('2', 2)), T0).envelope
    const voided = voidEnvelope(sent, 'Sent by mistake', T1)
    expect(voided.envelope).toMatchObject({ status: 'voided', voidedReason: 'Sent by mistake' })
    expect(voided.envelope.voidedAt).toBe(T1.toISOString())
    expect(eventsOf(voided)).toEqual(['envelope-voided'])
    expect(voided.effects.messages).toEqual([
      { kind: 'voided', recipientId: '1', channel: 'email', reason: 'Sent by mistake' },
    ])
  })

  it("uses DocuSign's reason for an expired envelope", () => {
    const sent = send(draft(recipient('1', 1)), T0).envelope
    expect(expire(sent, T1).envelope.voidedReason).toBe(EXPIRED_REASON)
    expect(EXPIRED_REASON).toBe('Envelope has expired.')
  })

  it('refuses drafts and finished envelopes with ENVELOPE_CANNOT_VOID_INVALID_STATE, and a missing reason', () => {
    const created = draft(recipient('1', 1))
    expectLifecycleError(() => voidEnvelope(created, 'x', T0), 'ENVELOPE_CANNOT_VOID_INVALID_STATE')
    const completed = recipientSigned(send(created, T0).envelope, '1', T1).envelope
    expectLifecycleError(() => voidEnvelope(completed, 'x', T2), 'ENVELOPE_CANNOT_VOID_INVALID_STATE')
    const sent = send(created, T0).envelope
    expectLifecycleError(() => voidEnvelope(sent, ' ', T1), 'INVALID_REQUEST_PARAMETER')
    expectLifecycleError(() => voidEnvelope(sent, 'x'.repeat(201), T1), 'INVALID_REQUEST_PARAMETER')
  })
})

describe('resend, remind and warnOfExpiry', () => {
  it('message the invited actors who have not finished, once each, without changing state', () => {
    const sent = send(
      draft(
        recipient('1', 1),
        recipient('2', 1, 'signer', 'both'),
        recipient('cc', 1, 'carbonCopy'),
        recipient('3', 2),
      ),
      T0,
    ).envelope
    const afterOne = recipientSigned(sent, '1', T1).envelope
    const resent = resend(afterOne, T2)
    expect(resent.envelope).toEqual(afterOne)
    expect(resent.effects.messages).toEqual([{ kind: 'invitation', recipientId: '2', channel: 'both' }])
    expect(resent.effects.audit.map((entry) => entry.action)).toEqual(['Resent'])
    expect(resent.effects.events).toEqual([])
    expect(messagesOf(remind(afterOne, T2))).toEqual(['reminder:2'])
    expect(messagesOf(warnOfExpiry(afterOne, T2))).toEqual(['expiryWarning:2'])
  })

  it('refuse drafts and finished envelopes', () => {
    const created = draft(recipient('1', 1))
    expectLifecycleError(() => resend(created, T0), 'ENVELOPE_INVALID_STATUS')
    const voided = voidEnvelope(send(created, T0).envelope, 'x', T1).envelope
    expectLifecycleError(() => remind(voided, T2), 'ENVELOPE_INVALID_STATUS')
  })
})

describe('deliveryChannel', () => {
  const phone = { countryCode: '57', number: '3001234567' }
  it('is SMS only for deliveryMethod SMS in any case, so the placeholder email never receives mail', () => {
    expect(deliveryChannel({ deliveryMethod: 'SMS', phoneNumber: phone, additionalNotifications: [] })).toBe(
      'sms',
    )
    expect(deliveryChannel({ deliveryMethod: 'sms', phoneNumber: phone, additionalNotifications: [] })).toBe(
      'sms',
    )
    expect(smsPhoneOf({ deliveryMethod: 'SMS', phoneNumber: phone, additionalNotifications: [] })).toEqual(
      phone,
    )
  })

  it('is both for email with an SMS additional notification, else email', () => {
    const both = {
      deliveryMethod: 'email',
      additionalNotifications: [{ secondaryDeliveryMethod: 'SMS', phoneNumber: phone }],
    }
    expect(deliveryChannel(both)).toBe('both')
    expect(smsPhoneOf(both)).toEqual(phone)
    expect(
      deliveryChannel({ deliveryMethod: 'email', phoneNumber: phone, additionalNotifications: [] }),
    ).toBe('email')
  })
})

describe('lifecycleRecipientOf', () => {
  it('reads the routing order and the channel from a stored recipient', () => {
    const stored = {
      recipientId: '2',
      type: 'inPersonSigner' as const,
      routingOrder: '3',
      deliveryMethod: 'SMS' as const,
      phoneNumber: { countryCode: '57', number: '3001234567' },
      additionalNotifications: [],
    }
    expect(lifecycleRecipientOf(stored, { status: 'sent', sentAt: T0.toISOString() })).toEqual({
      recipientId: '2',
      type: 'inPersonSigner',
      routingOrder: 3,
      channel: 'sms',
      status: 'sent',
      sentAt: T0.toISOString(),
    })
  })
})
