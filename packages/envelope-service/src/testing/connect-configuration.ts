/** The events a CRM following a signing subscribes to. */
export const SIGNING_EVENTS = [
  'envelope-sent',
  'envelope-delivered',
  'envelope-completed',
  'recipient-sent',
  'recipient-delivered',
  'recipient-completed',
]

/**
 * A Connect configuration body as a CRM posts it (JSON, SIM mode, HMAC on, recipients and custom fields
 * in the data), publishing `SIGNING_EVENTS` to `url` unless `overrides` says otherwise.
 */
export function connectConfigurationBody(url: string, overrides: Record<string, unknown> = {}) {
  return {
    name: 'CRM hook',
    urlToPublishTo: url,
    events: SIGNING_EVENTS,
    allUsers: 'true',
    includeHMAC: 'true',
    eventData: { version: 'restv2.1', format: 'json', includeData: ['custom_fields', 'recipients'] },
    enabled: 'true',
    configurationType: 'custom',
    deliveryMode: 'SIM',
    ...overrides,
  }
}
