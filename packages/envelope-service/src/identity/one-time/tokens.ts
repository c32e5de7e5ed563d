import { hash, randomBytes } from 'node:crypto'

/** A random 256-bit token, base64url: codes, refresh tokens, one-time links. */
export const opaqueToken = () => randomBytes(32).toString('base64url')

/** SHA-256, base64url: the stored form of an opaque token (256 random bits need no slow hash). */
export const hashOpaque = (value: string) => hash('sha256', value, 'base64url')
