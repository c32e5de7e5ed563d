import { importSPKI } from 'jose'
import type { Db } from '../database.js'
import { ACCESS_CACHE_TTL_MS } from './access-cache.js'
import { findIntegrationKey, listPublicKeyPems } from './repository.js'

export type VerificationKey = Awaited<ReturnType<typeof importSPKI>>

/** An integration key as the token endpoint sees it: whether it may issue grants and its imported keys. */
export interface Issuer {
  enabled: boolean
  keys: VerificationKey[]
}

/**
 * Loads integration keys with their imported RSA public keys, cached per key for `ttlMs` so a burst of
 * token requests does not re-import PEMs; disabling a key takes effect within `ttlMs` (the access cache
 * time every process honours). `reload` bypasses the cache: the grant calls it once when no
 * cached key verifies, so a key added moments ago (e.g. by `bootstrap` in another process) works at once.
 */
export function createIssuerStore(db: Db, ttlMs = ACCESS_CACHE_TTL_MS, maxEntries = 1_000) {
  const cache = new Map<string, { issuer: Issuer; until: number }>()

  async function reload(integrationKeyId: string, now = Date.now()): Promise<Issuer | undefined> {
    const key = await findIntegrationKey(db, integrationKeyId)
    const issuer = key && {
      enabled: key.enabled,
      keys: await Promise.all(
        (await listPublicKeyPems(db, integrationKeyId)).map((pem) => importSPKI(pem, 'RS256')),
      ),
    }
    cache.delete(integrationKeyId)
    // Only usable issuers are cached: a key registered or re-enabled a moment ago works at once.
    if (issuer?.enabled) {
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value as string)
      cache.set(integrationKeyId, { issuer, until: now + ttlMs })
    }
    return issuer
  }

  async function find(
    integrationKeyId: string,
    now = Date.now(),
  ): Promise<{ issuer: Issuer | undefined; cached: boolean }> {
    const entry = cache.get(integrationKeyId)
    if (entry && entry.until > now) return { issuer: entry.issuer, cached: true }
    return { issuer: await reload(integrationKeyId, now), cached: false }
  }

  return { find, reload }
}

export type IssuerStore = ReturnType<typeof createIssuerStore>
