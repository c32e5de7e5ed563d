import { deliverySettingsOf } from '../config.js'
import { createDelivery } from '../dispatch.js'

/** The real delivery of the service, sending email to a test SMTP listener and SMS to a provider-shaped receiver. */
export function deliveryThrough(sink: { url: string }, sms: { baseUrl: string }) {
  return createDelivery(
    deliverySettingsOf({
      SMTP_URL: sink.url,
      SMTP_FROM: 'no-reply@inkwell.test',
      SMS_PROVIDER_URL: sms.baseUrl,
      SMS_ACCOUNT_SID: 'AC1',
      SMS_AUTH_TOKEN: 'token',
      SMS_FROM: '+15005550006',
    }),
  )
}
