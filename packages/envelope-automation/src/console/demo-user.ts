import { existsSync, readFileSync } from 'node:fs'
import { Type } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { SettingsError } from '../cli/settings.js'
import type { UsersDb } from '../users/repository.js'
import { ensureUser } from '../users/service.js'

const DemoUserFile = Type.Object({ username: Type.String(), password: Type.String() })

/**
 * The demo user `npm start` writes into the data directory (its password generated there, readable only
 * by its owner): created at start when the database does not have it yet, e.g. a fresh database.
 */
export async function ensureDemoUser(db: UsersDb, file: string, now: number): Promise<boolean> {
  if (!existsSync(file)) return false
  const content: unknown = JSON.parse(readFileSync(file, 'utf8'))
  if (!Value.Check(DemoUserFile, content)) {
    throw new SettingsError(`${file} must hold {"username": "...", "password": "..."}`)
  }
  return ensureUser(db, content, now)
}
