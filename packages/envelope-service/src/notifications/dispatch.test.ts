import { describe, expect, it } from 'vitest'
import type { EmailMessage, SmsMessage } from '../messages/message.js'
import { deliverySettingsOf, type NotificationConfig } from './config.js'
import { createDelivery, createDispatcher } from './dispatch.js'
import { type CapturedMessage, createDevMailbox } from './mailbox.js'
import { startSmtpSink } from './testing/smtp-sink.js'

const emailMessage: EmailMessage = {
  channel: 'email',
  to: { name: 'Ana', address: 'ana@example.test' },
  fromName: 'Sam via Inkwell',
  subject: 'Sign this',
  text: 'plain',
  html: '<p>html</p>',
}
const smsMessage: SmsMessage = { channel: 'sms', to: '+573001234567', body: 'Inkwell: sign https://x.test' }
const clock = () => new Date('2026-11-22T10:00:00.000Z')

describe('createDispatcher', () => {
  it('picks the transport by channel', async () => {
    const sent: string[] = []
    const dispatch = createDispatcher({
      email: {
        async send(message) {
          sent.push(`email:${message.to.address}`)
          return { outcome: 'delivered', transport: 'smtp' }
        },
        close() {},
      },
      sms: {
        async send(message) {
          sent.push(`sms:${message.to}`)
          return { outcome: 'delivered', transport: 'sms' }
        },
      },
    })
    expect(await dispatch(emailMessage)).toEqual({ outcome: 'delivered', transport: 'smtp' })
    expect(await dispatch(smsMessage)).toEqual({ outcome: 'delivered', transport: 'sms' })
    expect(sent).toEqual(['email:ana@example.test', 'sms:+573001234567'])
  })

  it('captures a channel without a transport in the development mailbox', async () => {
    const captured: CapturedMessage[] = []
    const dispatch = createDispatcher({
      sms: { send: async () => ({ outcome: 'delivered', transport: 'sms' }) },
      mailbox: createDevMailbox(async (message) => captured.push(message), clock),
    })
    expect(await dispatch(emailMessage)).toEqual({ outcome: 'delivered', transport: 'mailbox' })
    expect(await dispatch(smsMessage)).toEqual({ outcome: 'delivered', transport: 'sms' })
    expect(captured).toEqual([
      {
        channel: 'email',
        to: 'ana@example.test',
        subject: 'Sign this',
        text: 'plain',
        html: '<p>html</p>',
        capturedAt: '2026-11-22T10:00:00.000Z',
      },
    ])
  })

  it('keeps a message for later when its channel has nowhere to go, or a transport throws', async () => {
    expect(await createDispatcher({})(emailMessage)).toMatchObject({
      outcome: 'retry',
      reason: expect.stringContaining('SMTP_URL'),
    })
    expect(await createDispatcher({})(smsMessage)).toMatchObject({
      outcome: 'retry',
      reason: expect.stringContaining('SMS'),
    })
    const throwing = createDispatcher({ sms: { send: async () => Promise.reject(new Error('bug')) } })
    expect(await throwing(smsMessage)).toEqual({ outcome: 'retry', reason: 'Unexpected delivery error: bug' })
    const failingMailbox = createDispatcher({
      mailbox: createDevMailbox(async () => Promise.reject(new Error('disk full'))),
    })
    expect(await failingMailbox(smsMessage)).toEqual({
      outcome: 'retry',
      reason: 'development mailbox: disk full',
    })
  })

  it('delivers through SMTP when the settings name a server', async () => {
    const sink = await startSmtpSink()
    const captured: CapturedMessage[] = []
    const delivery = createDelivery(
      deliverySettingsOf({ SMTP_URL: sink.url, SMTP_FROM: 'no-reply@inkwell.test' }),
      createDevMailbox(async (message) => captured.push(message), clock),
    )
    expect(await delivery.dispatch(emailMessage)).toMatchObject({ outcome: 'delivered', transport: 'smtp' })
    expect(await delivery.dispatch(smsMessage)).toMatchObject({ outcome: 'delivered', transport: 'mailbox' })
    delivery.close()
    await sink.close()
    expect(sink.received.map((mail) => mail.subject)).toEqual(['Sign this'])
    expect(captured.map((message) => message.channel)).toEqual(['sms'])
  })
})

describe('deliverySettingsOf', () => {
  const base: NotificationConfig = { SMTP_FROM: 'no-reply@localhost' }

  it('has no transports without settings', () => {
    expect(deliverySettingsOf(base)).toEqual({})
  })

  it('describes a complete SMS provider with From or a messaging service', () => {
    const provider = {
      ...base,
      SMS_PROVIDER_URL: 'https://api.twilio.test/',
      SMS_ACCOUNT_SID: 'AC1',
      SMS_AUTH_TOKEN: 't',
    }
    expect(deliverySettingsOf({ ...provider, SMS_FROM: '+15005550006' }).sms).toEqual({
      baseUrl: 'https://api.twilio.test',
      accountSid: 'AC1',
      authToken: 't',
      sender: { from: '+15005550006' },
    })
    expect(deliverySettingsOf({ ...provider, SMS_MESSAGING_SERVICE_SID: 'MG1' }).sms?.sender).toEqual({
      messagingServiceSid: 'MG1',
    })
  })

  it('lists every missing piece of a partial SMS provider at once', () => {
    expect(() => deliverySettingsOf({ ...base, SMS_ACCOUNT_SID: 'AC1' })).toThrow(
      /SMS_PROVIDER_URL is required[\s\S]*SMS_AUTH_TOKEN is required[\s\S]*SMS_FROM or SMS_MESSAGING_SERVICE_SID/,
    )
  })
})
