/** Row types of the envelopes domain: envelopes, their documents, recipients, custom fields and idempotency keys. Conventions: see identity/tables.ts. */
export type EnvelopeTables = {}
