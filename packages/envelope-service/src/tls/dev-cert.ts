import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import forge from 'node-forge'

export interface DevCertificates {
  /** PEM of the development CA; clients trust it, e.g. through `NODE_EXTRA_CA_CERTS`. */
  caCertPem: string
  /** PEM of the server certificate, signed by the CA, for localhost, 127.0.0.1 and ::1. */
  serverCertPem: string
  serverKeyPem: string
}

export const DEV_CERT_HOSTS = { dns: ['localhost'], ips: ['127.0.0.1', '::1'] }
const DAY_MS = 86_400_000

/** Node generates RSA keys natively in milliseconds; node-forge's pure-JS generator takes seconds. */
function rsaKeyPair() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }) as string
  const forgePrivate = forge.pki.privateKeyFromPem(pem)
  return {
    privateKey: forgePrivate,
    publicKey: forge.pki.setRsaPublicKey(forgePrivate.n, forgePrivate.e),
    privateKeyPem: pem,
  }
}

function newCertificate(publicKey: forge.pki.PublicKey, now: number, validDays: number) {
  const cert = forge.pki.createCertificate()
  cert.publicKey = publicKey
  // A positive serial: the leading byte's high bit is cleared.
  const serial = randomBytes(16)
  serial[0] = (serial[0] as number) & 0x7f
  cert.serialNumber = serial.toString('hex')
  cert.validity.notBefore = new Date(now - DAY_MS)
  cert.validity.notAfter = new Date(now + validDays * DAY_MS)
  return cert
}

/**
 * A throw-away certificate authority and a server certificate it signed. The CA key is discarded, so
 * nothing else can ever be signed with it: trusting `ca.crt` trusts exactly this server certificate.
 */
export function createDevCertificates(now = Date.now(), validDays = 825): DevCertificates {
  const ca = rsaKeyPair()
  const caCert = newCertificate(ca.publicKey, now, validDays)
  const caName = [{ name: 'commonName', value: 'Inkwell Development CA' }]
  caCert.setSubject(caName)
  caCert.setIssuer(caName)
  caCert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ])
  caCert.sign(ca.privateKey, forge.md.sha256.create())

  const server = rsaKeyPair()
  const serverCert = newCertificate(server.publicKey, now, validDays)
  serverCert.setSubject([{ name: 'commonName', value: 'localhost' }])
  serverCert.setIssuer(caName)
  serverCert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [
        ...DEV_CERT_HOSTS.dns.map((value) => ({ type: 2, value })),
        ...DEV_CERT_HOSTS.ips.map((ip) => ({ type: 7, ip })),
      ],
    },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: caCert.generateSubjectKeyIdentifier().getBytes() },
  ])
  serverCert.sign(ca.privateKey, forge.md.sha256.create())

  return {
    caCertPem: forge.pki.certificateToPem(caCert),
    serverCertPem: forge.pki.certificateToPem(serverCert),
    serverKeyPem: server.privateKeyPem,
  }
}

/** Writes `ca.crt`, `server.crt` and `server.key` (mode 0600) into `directory` and returns their paths. */
export function writeDevCertificates(directory: string, now = Date.now()) {
  const certificates = createDevCertificates(now)
  const dir = resolve(directory)
  mkdirSync(dir, { recursive: true })
  const paths = {
    caCert: join(dir, 'ca.crt'),
    serverCert: join(dir, 'server.crt'),
    serverKey: join(dir, 'server.key'),
  }
  writeFileSync(paths.caCert, certificates.caCertPem)
  writeFileSync(paths.serverCert, certificates.serverCertPem)
  writeFileSync(paths.serverKey, certificates.serverKeyPem, { mode: 0o600 })
  chmodSync(paths.serverKey, 0o600)
  return paths
}
