import { isIP } from 'node:net'

/** Fastify's `trustProxy`: which proxies' `X-Forwarded-For` (and `-Proto`, `-Host`) to believe. */
export type TrustProxy = boolean | number | string[]

const NAMED = new Set(['loopback', 'linklocal', 'uniquelocal'])

function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (bits === undefined) return true
  if (!/^\d{1,3}$/.test(bits)) return false
  return Number(bits) <= (family === 4 ? 32 : 128)
}

/**
 * Reads a `TRUST_PROXY` setting: `true` (every proxy: only when nothing reaches the service except
 * through its own proxies), a number of proxy hops, or a comma-separated list of the proxies' addresses
 * and ranges (`10.0.0.0/8`) and the names `loopback`, `linklocal`, `uniquelocal`. Unset or `false`: the
 * client's address is the connection's. Throws a message naming the setting for anything else, at start,
 * rather than believing a forged header later.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const setting = value?.trim() ?? ''
  if (setting === '' || setting === 'false') return false
  if (setting === 'true') return true
  if (/^\d+$/.test(setting)) return Number(setting)
  const entries = setting.split(',').map((entry) => entry.trim())
  const wrong = entries.filter((entry) => !NAMED.has(entry) && !isAddressOrRange(entry))
  if (wrong.length > 0) {
    throw new Error(
      `TRUST_PROXY: ${wrong.map((entry) => JSON.stringify(entry)).join(', ')} is not an address, a range (10.0.0.0/8) or one of loopback, linklocal, uniquelocal; or set true, false or a number of hops`,
    )
  }
  return entries
}
