import { createHash } from 'node:crypto'
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

/** An access token kept between processes (the CLI's runs), with when to stop using it. */
export interface StoredToken {
  token: string
  /** Epoch ms after which the token is exchanged again (a margin before it expires). */
  refreshAt: number
}

export interface TokenStore {
  read(): StoredToken | undefined
  write(token: StoredToken): void
  clear(): void
}

/**
 * A token kept in a file readable only by its owner (mode 0600), so each CLI command does not make its own
 * JWT exchange (Authentication rule 4: cache tokens). The file names the credential it belongs to by a
 * hash of identity, integration key, user and scope: another credential's token is never used.
 */
export function fileTokenStore(path: string, credential: string): TokenStore {
  const owner = createHash('sha256').update(credential).digest('base64url')
  return {
    read() {
      try {
        const stored = JSON.parse(readFileSync(path, 'utf8'))
        if (
          stored?.for !== owner ||
          typeof stored.token !== 'string' ||
          typeof stored.refreshAt !== 'number'
        ) {
          return undefined
        }
        return { token: stored.token, refreshAt: stored.refreshAt }
      } catch {
        return undefined
      }
    },
    write(token) {
      // Written whole under another name and renamed, so a concurrent run never reads half a file.
      const partial = `${path}.${process.pid}.tmp`
      try {
        mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
        writeFileSync(partial, JSON.stringify({ for: owner, ...token }), { mode: 0o600 })
        chmodSync(partial, 0o600)
        renameSync(partial, path)
      } catch {
        // Keeping the token saves an exchange per command; a data directory that cannot be written to
        // costs that exchange, not the command.
      }
    },
    clear() {
      rmSync(path, { force: true })
    },
  }
}
