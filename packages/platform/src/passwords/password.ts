import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto'

/**
 * Passwords are stored as scrypt hashes (`node:crypto`, no native addon): `scrypt$N$r$p$salt$key` in
 * base64url, so the cost can be raised later and old hashes still verify with the cost they were made
 * with. N = 2^15 with r = 8 takes about 50-100 ms and 32 MiB per check on this machine: slow for a guesser,
 * fast enough for a sign-in.
 */
const COST = { N: 2 ** 15, r: 8, p: 1 }
const KEY_BYTES = 32
/** scrypt needs 128 * N * r bytes; Node's default ceiling (32 MiB) is exactly that, so leave room. */
const MAX_MEMORY = 64 * 1024 * 1024

function derive(password: string, salt: Buffer, cost: typeof COST): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: MAX_MEMORY }
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, COST)
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

/** True when `password` matches `stored`; a malformed stored hash matches nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !key) return false
  const expected = Buffer.from(key, 'base64url')
  const actual = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  })
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/** A hash of no one's password: checked against when the name is unknown, so timing does not tell. */
export const UNKNOWN_USER_HASH = `scrypt$${COST.N}$${COST.r}$${COST.p}$${'A'.repeat(22)}$${'A'.repeat(43)}`

/** A password for a generated account (the demo user): 18 random bytes, 24 characters. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url')
}

export const MIN_PASSWORD_LENGTH = 12
