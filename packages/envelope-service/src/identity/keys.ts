import { createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto'
import { InvalidRequestError } from 'platform'

const MIN_MODULUS_BITS = 2048

/** A fresh RSA-2048 key pair: the public half is registered, the private half goes to the client once. */
export function generateRsaKeyPair(): { publicKeyPem: string; privateKeyPem: string } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: MIN_MODULUS_BITS })
  return {
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }) as string,
    // PKCS#1 (`BEGIN RSA PRIVATE KEY`) is the format DocuSign hands out and its SDKs expect.
    privateKeyPem: privateKey.export({ type: 'pkcs1', format: 'pem' }) as string,
  }
}

/**
 * Accepts an RSA public key (SPKI or PKCS#1 PEM, or a certificate's key) of at least 2048 bits and
 * returns it as SPKI PEM, the one form stored. Anything else is an invalid request.
 */
export function normalizeRsaPublicKey(pem: string): string {
  let key: KeyObject
  try {
    key = createPublicKey(pem)
  } catch {
    throw new InvalidRequestError('The public key is not a valid PEM-encoded key')
  }
  if (key.asymmetricKeyType !== 'rsa') {
    throw new InvalidRequestError(
      `The public key must be an RSA key, not ${key.asymmetricKeyType ?? 'unknown'}`,
    )
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0
  if (bits < MIN_MODULUS_BITS) {
    throw new InvalidRequestError(
      `The RSA public key must have at least ${MIN_MODULUS_BITS} bits, not ${bits}`,
    )
  }
  return key.export({ type: 'spki', format: 'pem' }) as string
}
