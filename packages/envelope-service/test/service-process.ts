import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll } from 'vitest'

/**
 * Shared by the tests that run the service as real processes (test/fixtures/serve.ts): spawning and
 * killing them, polling for an outcome, and a PostgreSQL schema dropped after the file.
 */

const here = dirname(fileURLToPath(import.meta.url))
const packageRoot = join(here, '..')
const SERVE = join(here, 'fixtures', 'serve.ts')

/** A directory for SQLite files, removed after the test file. */
export function scratchDirectory(prefix: string): string {
  const directory = mkdtempSync(join(tmpdir(), prefix))
  afterAll(() => rmSync(directory, { recursive: true, force: true }))
  return directory
}

/**
 * A database URL on `TEST_POSTGRES_URL` with a fresh schema, dropped after the test file. Call it inside
 * a `describe` that is skipped without `TEST_POSTGRES_URL`.
 */
export function postgresSchemaUrl(): string {
  // vitest still runs the body of a skipped `describe` to collect its tests: nothing to set up then.
  if (!process.env.TEST_POSTGRES_URL) return ''
  const schema = `test_${randomBytes(6).toString('hex')}`
  afterAll(async () => {
    const client = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL })
    await client.connect()
    try {
      await client.query(`drop schema if exists "${schema}" cascade`)
    } finally {
      await client.end()
    }
  })
  const databaseUrl = new URL(process.env.TEST_POSTGRES_URL as string)
  databaseUrl.searchParams.set('schema', schema)
  return databaseUrl.toString()
}

/** Starts `test/fixtures/serve.ts` in its own Node process; resolves once its jobs run. */
export async function startServiceProcess(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVE], {
    cwd: packageRoot,
    env: { ...process.env, PUBLIC_URL: 'https://localhost:8443', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  await new Promise<void>((resolve, reject) => {
    let stdout = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      if (stdout.includes('ready ')) resolve()
    })
    child.once('exit', (code) =>
      reject(new Error(`service process exited (${code}) before ready: ${stderr}`)),
    )
  })
  return child
}

export function kill(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill(signal)
  })
}

export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

export function countBy(values: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1)
  return counts
}
