import type { ConnectConfiguration, HmacSecret } from './model.js'
import type { ConnectConfigurationOutput } from './schema.js'

const flag = (value: boolean) => (value ? 'true' : 'false')

/** Secrets are listed by id and date only; `revealed` ones (just generated) include their value. */
export function toConnectConfiguration(
  configuration: ConnectConfiguration,
  revealed: HmacSecret[] = [],
): ConnectConfigurationOutput {
  const shown = new Set(revealed.map((secret) => secret.keyId))
  return {
    connectId: configuration.connectId,
    name: configuration.name,
    urlToPublishTo: configuration.urlToPublishTo,
    events: [...configuration.events],
    allUsers: flag(configuration.allUsers),
    ...(configuration.allUsers ? {} : { userIds: [...configuration.userIds] }),
    includeHMAC: flag(configuration.includeHMAC),
    hmacSecrets: configuration.hmacSecrets.map((secret) => toHmacSecret(secret, shown.has(secret.keyId))),
    eventData: {
      version: configuration.eventData.version,
      format: configuration.eventData.format,
      includeData: [...configuration.eventData.includeData],
    },
    enabled: flag(configuration.enabled),
    allowEnvelopePublish: flag(configuration.enabled),
    configurationType: configuration.configurationType,
    deliveryMode: configuration.deliveryMode,
    created: configuration.created,
    lastModified: configuration.lastModified,
  }
}

export function toHmacSecret(secret: HmacSecret, reveal: boolean) {
  return { keyId: secret.keyId, created: secret.created, ...(reveal ? { secret: secret.secret } : {}) }
}
