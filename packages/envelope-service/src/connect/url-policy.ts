import { BlockList, isIP } from 'node:net'
import { InvalidRequestError } from 'platform'

/** Addresses a Connect delivery must not reach unless the operator allows it: private, loopback, link-local, ... */
const nonPublic = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv6')
}

const IPV4_MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i
const IPV4_MAPPED_HEX = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i

/** True for an IP address that is not publicly routable (IPv4-mapped IPv6 is judged as IPv4). */
export function isNonPublicAddress(address: string): boolean {
  const mapped = IPV4_MAPPED.exec(address)
  if (mapped) return isNonPublicAddress(mapped[1] as string)
  const mappedHex = IPV4_MAPPED_HEX.exec(address)
  if (mappedHex) {
    const high = Number.parseInt(mappedHex[1] as string, 16)
    const low = Number.parseInt(mappedHex[2] as string, 16)
    return isNonPublicAddress(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`)
  }
  const family = isIP(address)
  if (family === 4) return nonPublic.check(address, 'ipv4')
  if (family === 6) return nonPublic.check(address, 'ipv6')
  return false
}

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|localdomain)$/i

/**
 * Checks a Connect target URL: absolute http(s), no credentials, and, unless `allowPrivate`, no
 * loopback, private or link-local literal address nor a local host name. Names are resolved and
 * checked again at delivery time (DNS can change). Returns the normalized URL.
 */
export function checkPublishUrl(raw: string, allowPrivate: boolean, field = 'urlToPublishTo'): string {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new InvalidRequestError(`${field} must be an absolute http or https URL`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidRequestError(`${field} must use http or https`)
  }
  if (url.username !== '' || url.password !== '') {
    throw new InvalidRequestError(`${field} must not contain credentials`)
  }
  if (url.hash !== '') throw new InvalidRequestError(`${field} must not contain a fragment`)
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (!allowPrivate && (isNonPublicAddress(host) || LOCAL_NAMES.test(host.replace(/\.$/, '')))) {
    throw new InvalidRequestError(
      `${field} points to a private, loopback or link-local address, which this server does not allow`,
    )
  }
  return url.toString()
}
