import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns'
import { BlockList, isIP, type LookupFunction } from 'node:net'
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

type Ipv6Groups = [number, number, number, number, number, number, number, number]

/** The eight 16-bit groups of a valid IPv6 address (zone id dropped, a trailing dotted quad folded in). */
function ipv6Groups(address: string): Ipv6Groups {
  let text = address.replace(/%.*$/, '')
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number]
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const parse = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16))
  const front = parse(head)
  const back = tail === undefined ? [] : parse(tail)
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back] as Ipv6Groups
}

const dotted = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`
const allZero = (groups: number[]) => groups.every((group) => group === 0)

/**
 * The IPv4 address an IPv6 address carries, for the transition formats that route to it: IPv4-mapped
 * (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), NAT64
 * (64:ff9b::/96), 6to4 (2002::/16) and Teredo (2001::/32, whose client address is stored inverted).
 * A target written in one of these forms reaches the IPv4 host, so it is judged as that host.
 */
function embeddedIpv4(groups: Ipv6Groups): string | undefined {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups
  if (allZero([g0, g1, g2, g3, g4]) && g5 === 0xffff) return dotted(g6, g7)
  if (allZero([g0, g1, g2, g3, g4, g5])) return dotted(g6, g7)
  if (allZero([g0, g1, g2, g3]) && g4 === 0xffff && g5 === 0) return dotted(g6, g7)
  if (g0 === 0x64 && g1 === 0xff9b && allZero([g2, g3, g4, g5])) return dotted(g6, g7)
  if (g0 === 0x2002) return dotted(g1, g2)
  if (g0 === 0x2001 && g1 === 0) return dotted(~g6 & 0xffff, ~g7 & 0xffff)
  return undefined
}

/** True for an IP address that is not publicly routable, including IPv6 forms that embed such an IPv4 address. */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 4) return nonPublic.check(address, 'ipv4')
  if (family !== 6) return false
  const groups = ipv6Groups(address)
  const ipv4 = embeddedIpv4(groups)
  if (ipv4 !== undefined && nonPublic.check(ipv4, 'ipv4')) return true
  return nonPublic.check(groups.map((group) => group.toString(16)).join(':'), 'ipv6')
}

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|localdomain)$/i

/**
 * Checks a Connect target URL: absolute http(s), no credentials, and, unless `allowPrivate`, no
 * loopback, private or link-local literal address, no local host name, and no single-label name
 * (`http://metadata/`: such names resolve through the local search domain, typically to internal
 * hosts). Names are resolved and every address checked again at delivery time (`assertPublicAddresses`,
 * `publicAddressLookup`), because DNS can change. Returns the normalized URL.
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
  if (allowPrivate) return url.toString()
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '')
  if (isNonPublicAddress(host) || LOCAL_NAMES.test(host)) {
    throw new InvalidRequestError(
      `${field} points to a private, loopback or link-local address, which this server does not allow`,
    )
  }
  if (isIP(host) === 0 && !host.includes('.')) {
    throw new InvalidRequestError(
      `${field} must name a fully qualified host; a single-label name such as "${host}" resolves only on a local network`,
    )
  }
  return url.toString()
}

/** A delivery target resolved to an address this server must not reach. */
export class NonPublicAddressError extends Error {
  constructor(readonly address: string) {
    super(
      address === ''
        ? 'The Connect target resolved to no address'
        : `The Connect target resolves to ${address}, a private, loopback or link-local address`,
    )
    this.name = 'NonPublicAddressError'
  }
}

/**
 * Delivery-time check of a target's RESOLVED addresses: every one must be public, since a client
 * may connect to any of them. Throws `NonPublicAddressError` naming the first that is not (or for
 * an empty list). Skip it when the operator allows private targets.
 */
export function assertPublicAddresses(addresses: readonly string[]): void {
  if (addresses.length === 0) throw new NonPublicAddressError('')
  const refused = addresses.find(isNonPublicAddress)
  if (refused !== undefined) throw new NonPublicAddressError(refused)
}

/**
 * A `lookup` for `http.request`/`https.request` (or an Agent) that resolves every address of the
 * host and refuses the connection unless all are public. Checking the addresses the socket actually
 * uses closes the gap between a separate check and the connect (DNS rebinding).
 */
export function publicAddressLookup(resolve: typeof dnsLookup = dnsLookup): LookupFunction {
  return (hostname, options: LookupOptions, callback) => {
    resolve(hostname, { ...options, all: true }, (error, resolved) => {
      if (error) return callback(error, '', 0)
      const addresses = resolved as unknown as LookupAddress[]
      try {
        assertPublicAddresses(addresses.map((entry) => entry.address))
      } catch (refusal) {
        return callback(refusal as NodeJS.ErrnoException, '', 0)
      }
      if (options.all) return callback(null, addresses)
      const [first] = addresses as [LookupAddress]
      return callback(null, first.address, first.family)
    })
  }
}
