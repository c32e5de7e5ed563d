/**
 * DocuSign eSignature REST API v2.1 wire shapes, as TypeBox schemas with their static types: the
 * envelope service validates and documents its API with them, the envelope automation builds its
 * requests with them. No server dependencies.
 */
export * from './attachments.js'
export * from './brands.js'
export * from './bulk-send.js'
export * from './composite-templates.js'
export * from './connect-payload.js'
export * from './custom-fields.js'
export * from './documents.js'
export * from './email-settings.js'
export * from './envelope-definition.js'
export * from './envelope-ids-request.js'
export * from './errors.js'
export * from './folders.js'
export * from './identity-verification.js'
export * from './locks.js'
export * from './notification.js'
export * from './permission-profiles.js'
export * from './recipients.js'
export * from './scalars.js'
export * from './statuses.js'
export * from './tabs.js'
export * from './templates.js'
export * from './text.js'
export * from './unsupported-properties.js'
export * from './workflow.js'
