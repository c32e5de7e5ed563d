import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SmsProviderSettings } from '../config.js'
import { json, startTwilioReceiver } from '../testing/twilio-receiver.js'
import { createTwilioSmsProvider } from './twilio.js'

let receiver: Awaited<ReturnType<typeof startTwilioReceiver>>
beforeAll(async () => {
  receiver = await startTwilioReceiver()
})
afterAll(async () => {
  await receiver.close()
})

const settings = (sender: SmsProviderSettings['sender']): SmsProviderSettings => ({
  baseUrl: receiver.baseUrl,
  accountSid: 'AC0123456789abcdef',
  authToken: 'tok/en:secret',
  sender,
})
const message = {
  channel: 'sms' as const,
  to: '+573001234567',
  body: 'Inkwell: Sam sent you "Acuerdo" to sign: https://x.test/s/1',
}

describe('Twilio-shaped SMS provider', () => {
  it('posts the form to the Messages endpoint with basic auth and returns the message sid', async () => {
    receiver.answer = json(201, { sid: 'SM42', status: 'queued' })
    const before = receiver.received.length
    const result = await createTwilioSmsProvider(settings({ from: '+15005550006' })).send(message)

    expect(result).toEqual({ outcome: 'delivered', transport: 'sms', providerMessageId: 'SM42' })
    expect(receiver.received).toHaveLength(before + 1)
    const request = receiver.received.at(-1)!
    expect(request.method).toBe('POST')
    expect(request.path).toBe('/2010-04-01/Accounts/AC0123456789abcdef/Messages.json')
    expect(request.contentType).toBe('application/x-www-form-urlencoded')
    const [scheme, encoded] = request.authorization.split(' ')
    expect(scheme).toBe('Basic')
    expect(Buffer.from(encoded!, 'base64').toString()).toBe('AC0123456789abcdef:tok/en:secret')
    expect(Object.fromEntries(request.form)).toEqual({
      To: '+573001234567',
      From: '+15005550006',
      Body: message.body,
    })
  })

  it('sends MessagingServiceSid instead of From when configured', async () => {
    receiver.answer = json(201, { sid: 'SM43' })
    await createTwilioSmsProvider(settings({ messagingServiceSid: 'MG99' })).send(message)
    const form = receiver.received.at(-1)!.form
    expect(form.get('MessagingServiceSid')).toBe('MG99')
    expect(form.has('From')).toBe(false)
  })

  it("makes a refused number a permanent failure, quoting the provider's error", async () => {
    receiver.answer = json(400, {
      code: 21211,
      message: "The 'To' number is not a valid phone number.",
      status: 400,
    })
    const result = await createTwilioSmsProvider(settings({ from: '+15005550006' })).send(message)
    expect(result).toEqual({
      outcome: 'failed',
      reason: "SMS provider answered 400: 21211 The 'To' number is not a valid phone number.",
    })
  })

  it('retries 5xx, 401 and 429 (with Retry-After), and an unreachable provider', async () => {
    const provider = createTwilioSmsProvider(settings({ from: '+15005550006' }))
    receiver.answer = json(503, { message: 'Service Unavailable' })
    expect(await provider.send(message)).toMatchObject({ outcome: 'retry' })
    receiver.answer = json(401, { code: 20003, message: 'Authenticate' })
    expect(await provider.send(message)).toMatchObject({ outcome: 'retry' })
    receiver.answer = json(429, { code: 20429, message: 'Too Many Requests' }, { 'retry-after': '7' })
    expect(await provider.send(message)).toMatchObject({ outcome: 'retry', retryAfterMs: 7000 })

    const nowhere = createTwilioSmsProvider({
      ...settings({ from: '+15005550006' }),
      baseUrl: 'http://127.0.0.1:1',
    })
    const unreachable = await nowhere.send(message)
    expect(unreachable).toMatchObject({ outcome: 'retry' })
    expect((unreachable as { reason: string }).reason).toContain('unreachable')
  })

  it('retries when the provider does not answer in time', async () => {
    receiver.answer = () => {}
    const result = await createTwilioSmsProvider(settings({ from: '+15005550006' }), { timeoutMs: 200 }).send(
      message,
    )
    expect(result).toMatchObject({ outcome: 'retry' })
    receiver.dropConnections()
  })
})
