import { describe, expect, it } from 'vitest'
import { deliveryChannel } from './channels.js'

const phoneNumber = { countryCode: '1', number: '5551234567' }

describe('deliveryChannel', () => {
  it('is email alone by default', () => {
    expect(deliveryChannel({ deliveryMethod: 'email', additionalNotifications: [] })).toBe('email')
  })

  it('is SMS alone with deliveryMethod SMS (the email is still stored, never written to)', () => {
    expect(deliveryChannel({ deliveryMethod: 'SMS', additionalNotifications: [] })).toBe('sms')
  })

  it('is email and SMS with an SMS additional notification', () => {
    expect(
      deliveryChannel({
        deliveryMethod: 'email',
        additionalNotifications: [{ secondaryDeliveryMethod: 'SMS', phoneNumber }],
      }),
    ).toBe('both')
  })
})
