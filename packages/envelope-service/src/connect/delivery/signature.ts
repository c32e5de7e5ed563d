import { createHmac } from 'node:crypto'

/**
 * DocuSign's Connect signature headers: `X-DocuSign-Signature-<n>` is the base64 HMAC-SHA256 of the
 * exact body bytes keyed with the n-th secret's UTF-8 text, so a receiver rotating keys accepts either.
 */
export function signatureHeaders(body: string, secrets: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    secrets.map((secret, index) => [
      `X-DocuSign-Signature-${index + 1}`,
      createHmac('sha256', Buffer.from(secret, 'utf8')).update(body, 'utf8').digest('base64'),
    ]),
  )
}
