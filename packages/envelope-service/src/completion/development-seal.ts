import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import forge from 'node-forge'

/**
 * A self-signed seal for development and tests. PDF readers show its signature as valid but its signer
 * as untrusted; production sets `SEAL_P12_FILE` to a certificate from a trusted authority.
 */

const DAY_MS = 86_400_000
const VALID_DAYS = 3650

/** Writes a new development seal (RSA 2048, self-signed, ten years) as a PKCS#12 file. */
export async function createDevelopmentSeal(
  outFile: string,
  password: string,
  now = Date.now(),
): Promise<void> {
  await mkdir(dirname(outFile), { recursive: true })
  await writeFile(outFile, developmentSealP12(password, now), { mode: 0o600 })
}

/** Creates the development seal unless `outFile` exists; true when it created one. */
export async function ensureDevelopmentSeal(outFile: string, password: string): Promise<boolean> {
  if (existsSync(outFile)) return false
  await createDevelopmentSeal(outFile, password)
  return true
}

/** The PKCS#12 bytes of a new development seal. */
export function developmentSealP12(password: string, now = Date.now()): Uint8Array {
  // Node generates the key natively in milliseconds; forge's JavaScript generator takes seconds.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }) as string)
  const certificate = forge.pki.createCertificate()
  certificate.publicKey = forge.pki.setRsaPublicKey(key.n, key.e)
  const serial = randomBytes(16)
  serial[0] = (serial[0] as number) & 0x7f
  certificate.serialNumber = serial.toString('hex')
  certificate.validity.notBefore = new Date(now - DAY_MS)
  certificate.validity.notAfter = new Date(now + VALID_DAYS * DAY_MS)
  const name = [
    { name: 'commonName', value: 'Inkwell Development Seal' },
    { name: 'organizationName', value: 'Inkwell (development)' },
  ]
  certificate.setSubject(name)
  certificate.setIssuer(name)
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ])
  certificate.sign(key, forge.md.sha256.create())
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [certificate], password, {
    algorithm: 'aes256',
    friendlyName: 'Inkwell Development Seal',
  })
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary')
}
