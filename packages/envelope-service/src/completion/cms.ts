import { createHash, type KeyObject, sign } from 'node:crypto'
import forge from 'node-forge'

/**
 * A detached CMS signature in the PAdES baseline form (ETSI EN 319 142-1, B-B level): SHA-256, signed
 * attributes content-type, message-digest and signing-certificate-v2 (which binds the signer's
 * certificate into what is signed), and no signing-time attribute (PAdES takes the time from the
 * signature dictionary's `M`). Built here rather than with forge's PKCS#7 writer because that writer
 * cannot add signing-certificate-v2, and signing with node:crypto is native rather than JavaScript.
 */

export interface SigningIdentity {
  privateKey: KeyObject
  /** DER certificates, the signer's first, then its chain. */
  certificates: Buffer[]
}

const { asn1 } = forge
const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
} as const

type Node = forge.asn1.Asn1
const universal = (type: number, constructed: boolean, value: Node[] | string) =>
  asn1.create(asn1.Class.UNIVERSAL, type, constructed, value)
const sequence = (...items: Node[]) => universal(asn1.Type.SEQUENCE, true, items)
const setOf = (...items: Node[]) => universal(asn1.Type.SET, true, items)
const oid = (value: string) => universal(asn1.Type.OID, false, asn1.oidToDer(value).getBytes())
const octets = (bytes: Buffer) => universal(asn1.Type.OCTETSTRING, false, bytes.toString('binary'))
const integer = (value: number) => universal(asn1.Type.INTEGER, false, asn1.integerToDer(value).getBytes())
const nullValue = () => universal(asn1.Type.NULL, false, '')
const tagged = (tag: number, items: Node[]) => asn1.create(asn1.Class.CONTEXT_SPECIFIC, tag, true, items)
const der = (node: Node) => Buffer.from(asn1.toDer(node).getBytes(), 'binary')
const parse = (bytes: Buffer) => asn1.fromDer(bytes.toString('binary'))

const attribute = (type: string, value: Node) => sequence(oid(type), setOf(value))

/** The certificate's issuer Name and serialNumber, as they appear in its TBSCertificate. */
function issuerAndSerial(certificate: Buffer): { issuer: Node; serial: Node } {
  const tbs = (parse(certificate).value as Node[])[0]
  const fields = tbs?.value as Node[]
  const versioned = fields[0]?.tagClass === asn1.Class.CONTEXT_SPECIFIC ? 1 : 0
  const serial = fields[versioned]
  const issuer = fields[versioned + 2]
  if (!serial || !issuer) throw new Error('The seal certificate is not a valid X.509 certificate')
  return { issuer, serial }
}

export function cadesDetachedSignature(content: Buffer, identity: SigningIdentity): Buffer {
  const [signer, ...chain] = identity.certificates
  if (!signer) throw new Error('The seal has no certificate')
  const { issuer, serial } = issuerAndSerial(signer)
  const sha256 = () => sequence(oid(OID.sha256))

  const essCertIdV2 = sequence(
    octets(createHash('sha256').update(signer).digest()),
    sequence(sequence(tagged(4, [issuer])), serial),
  )
  // DER orders a SET OF by the encodings of its members; verifiers re-encode before checking.
  const attributes = [
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.messageDigest, octets(createHash('sha256').update(content).digest())),
    attribute(OID.signingCertificateV2, sequence(sequence(essCertIdV2))),
  ]
    .map(der)
    .sort(Buffer.compare)
    .map(parse)

  const signedAttributes = der(setOf(...attributes))
  const ec = identity.privateKey.asymmetricKeyType === 'ec'
  const signature = sign('sha256', signedAttributes, identity.privateKey)
  const signatureAlgorithm = ec
    ? sequence(oid(OID.ecdsaWithSha256))
    : sequence(oid(OID.rsaEncryption), nullValue())

  const signerInfo = sequence(
    integer(1),
    sequence(issuer, serial),
    sha256(),
    tagged(0, attributes),
    signatureAlgorithm,
    octets(signature),
  )
  const signedData = sequence(
    integer(1),
    setOf(sha256()),
    sequence(oid(OID.data)),
    tagged(0, [signer, ...chain].map(parse)),
    setOf(signerInfo),
  )
  return der(sequence(oid(OID.signedData), tagged(0, [signedData])))
}
