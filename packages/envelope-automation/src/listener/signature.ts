import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Connect signs each delivery once per active secret: `X-DocuSign-Signature-1`, `-2`, ... each hold the
 * base64 HMAC-SHA256 of the exact body bytes, keyed with the secret's text as DocuSign shows it. A delivery
 * is authentic when any header matches any of our secrets (several, so a secret can be rotated without a
 * gap). Comparison is constant-time so the response time tells nothing about how close a forgery came.
 */
export function signConnectBody(body: Buffer | string, secret: string): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(body).digest('base64')
}

export function isAuthenticConnectDelivery(
  body: Buffer,
  headers: Record<string, string | string[] | undefined>,
  secrets: readonly string[],
): boolean {
  const signatures = Object.entries(headers)
    .filter(([name]) => /^x-docusign-signature-\d+$/i.test(name))
    .flatMap(([, value]) => (Array.isArray(value) ? value : value === undefined ? [] : [value]))
    .map((value) => Buffer.from(value.trim(), 'utf8'))
  if (signatures.length === 0) return false
  let authentic = false
  for (const secret of secrets) {
    const expected = Buffer.from(signConnectBody(body, secret), 'utf8')
    for (const signature of signatures) {
      // Every pair is compared, matched or not, so timing does not reveal which secret or header matched.
      if (signature.length === expected.length && timingSafeEqual(signature, expected)) authentic = true
    }
  }
  return authentic
}
