import { describe, expect, it } from 'vitest'
import { invitationChannels } from './model.js'

const phoneNumber = { countryCode: '1', number: '5551234567' }

describe('invitation channels', () => {
  it('is email alone by default', () => {
    expect(invitationChannels({ deliveryMethod: 'email', additionalNotifications: [] })).toEqual({
      email: true,
      sms: false,
    })
  })

  it('is SMS alone with deliveryMethod SMS (the email is still stored, never written to)', () => {
    expect(invitationChannels({ deliveryMethod: 'SMS', additionalNotifications: [] })).toEqual({
      email: false,
      sms: true,
    })
  })

  it('is email and SMS with an SMS additional notification', () => {
    expect(
      invitationChannels({
        deliveryMethod: 'email',
        additionalNotifications: [{ secondaryDeliveryMethod: 'SMS', phoneNumber }],
      }),
    ).toEqual({ email: true, sms: true })
  })
})
