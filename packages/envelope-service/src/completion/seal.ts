import { createPrivateKey, X509Certificate } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib'
import { SignPdf } from '@signpdf/signpdf'
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils'
import forge from 'node-forge'
import type { PDFDocument } from 'pdf-lib'
import { cadesDetachedSignature, type SigningIdentity } from './cms.js'

/**
 * The service's seal: a PAdES signature over a finished PDF, so that any change after completion shows
 * in every PDF reader. The PKCS#12 file is read and decrypted once, when the seal is loaded; each seal
 * then costs one SHA-256 over the file and one RSA signature.
 */

export interface Seal {
  identity: SigningIdentity
  /** The certificate's subject common name, shown as the signer. */
  name: string
}

export interface SealOptions {
  /** Recorded as the signature time (`M`); the envelope's completion time. */
  signingTime: Date
  reason: string
  location?: string
  contactInfo?: string
}

const BAG = {
  shroudedKey: '1.2.840.113549.1.12.10.1.2',
  key: '1.2.840.113549.1.12.10.1.1',
  certificate: '1.2.840.113549.1.12.10.1.3',
}

/** Reads a PKCS#12 seal (an RSA key with its certificate and chain). */
export function loadSeal(p12: Uint8Array, password: string): Seal {
  let bags: { keys: forge.pkcs12.Bag[]; certificates: forge.pkcs12.Bag[] }
  try {
    const der = forge.asn1.fromDer(Buffer.from(p12).toString('binary'))
    const parsed = forge.pkcs12.pkcs12FromAsn1(der, false, password)
    const bagsOf = (bagType: string) => parsed.getBags({ bagType })[bagType] ?? []
    bags = {
      keys: [...bagsOf(BAG.shroudedKey), ...bagsOf(BAG.key)],
      certificates: bagsOf(BAG.certificate),
    }
  } catch (cause) {
    throw new Error('The seal PKCS#12 file cannot be read: wrong password, or not a PKCS#12 file', { cause })
  }
  const key = bags.keys.find((bag) => bag.key)?.key as forge.pki.rsa.PrivateKey | undefined
  if (!key) throw new Error('The seal PKCS#12 file holds no RSA private key')
  const privateKey = createPrivateKey(forge.pki.privateKeyToPem(key))
  const certificates = bags.certificates.flatMap((bag) =>
    bag.cert
      ? [Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(bag.cert)).getBytes(), 'binary')]
      : [],
  )
  const signerIndex = certificates.findIndex((der) => new X509Certificate(der).checkPrivateKey(privateKey))
  const signer = certificates[signerIndex]
  if (!signer) throw new Error('The seal PKCS#12 file has no certificate for its private key')
  const chain = certificates.filter((_, index) => index !== signerIndex)
  const subject = new X509Certificate(signer).subject
  const name = /^CN=(.*)$/m.exec(subject)?.[1] ?? subject
  return { identity: { privateKey, certificates: [signer, ...chain] }, name }
}

export async function loadSealFile(file: string, password: string): Promise<Seal> {
  return loadSeal(await readFile(file), password)
}

class CadesSigner extends Signer {
  constructor(private readonly identity: SigningIdentity) {
    super()
  }

  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    return cadesDetachedSignature(pdfBuffer, this.identity)
  }
}

const signpdf = new SignPdf()

/**
 * Seals `document` (which this call changes: it gains the signature field) and returns the signed
 * bytes. Nothing may be appended to them afterwards without breaking the seal.
 */
export async function sealPdf(document: PDFDocument, seal: Seal, options: SealOptions): Promise<Uint8Array> {
  const certificateBytes = seal.identity.certificates.reduce(
    (sum, certificate) => sum + certificate.length,
    0,
  )
  pdflibAddPlaceholder({
    pdfDoc: document,
    reason: options.reason,
    name: seal.name,
    location: options.location ?? '',
    contactInfo: options.contactInfo ?? '',
    signingTime: options.signingTime,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    // In hex digits (two per byte), so even: the certificates plus room for attributes and signature.
    signatureLength: 2 * (certificateBytes + 2048),
    appName: 'Inkwell',
  })
  const unsigned = await document.save({ useObjectStreams: false })
  const signed = await signpdf.sign(
    Buffer.from(unsigned),
    new CadesSigner(seal.identity),
    options.signingTime,
  )
  return new Uint8Array(signed.buffer, signed.byteOffset, signed.byteLength)
}
