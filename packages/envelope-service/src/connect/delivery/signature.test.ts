import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { signatureHeaders } from './signature.js'

describe('signatureHeaders', () => {
  it('is the base64 HMAC-SHA256 of the body (RFC 4231-style published vector)', () => {
    expect(signatureHeaders('The quick brown fox jumps over the lazy dog', ['key'])).toEqual({
      'X-DocuSign-Signature-1': '97yD9DBThCSxMpjmqm+xQ+9NWaFJRhdZl0edvC0aPNg=',
    })
  })

  it('keys with the UTF-8 bytes of the secret and signs the UTF-8 body', () => {
    const [ascii] = Object.values(signatureHeaders('{"a":"é"}', ['clé']))
    const [other] = Object.values(signatureHeaders('{"a":"é"}', ['cle']))
    expect(ascii).not.toBe(other)
  })

  it('has one header per secret, numbered from 1 in order, and none without secrets', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string({ minLength: 1 }), { maxLength: 5 }), (body, secrets) => {
        const headers = signatureHeaders(body, secrets)
        expect(Object.keys(headers)).toEqual(secrets.map((_, index) => `X-DocuSign-Signature-${index + 1}`))
        secrets.forEach((secret, index) => {
          expect(headers[`X-DocuSign-Signature-${index + 1}`]).toBe(
            signatureHeaders(body, [secret])['X-DocuSign-Signature-1'],
          )
        })
      }),
    )
  })
})
