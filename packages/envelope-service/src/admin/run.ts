import { parseArgs } from 'node:util'
import { AppError, ConfigError, connectDatabase, type Database, migrateToLatest } from 'platform'
import { type EnvelopeServiceConfig, loadEnvelopeServiceConfig } from '../config.js'
import type { Schema } from '../database.js'
import { migrations } from '../migrations/index.js'
import { type Command, type CommandEnvironment, UsageError } from './command.js'
import { commands } from './commands.js'

export interface Output {
  out(text: string): void
  err(text: string): void
}

const EXIT = { ok: 0, failed: 1, usage: 2 } as const

export function usage(): string {
  const width = Math.max(...Object.keys(commands).map((name) => name.length))
  return [
    'Usage: npm run admin -w envelope-service -- <command> [--flags] [--json]',
    '',
    'Commands:',
    ...Object.entries(commands).map(([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`),
    `  ${'help'.padEnd(width)}  Show this help, or the flags of one command: help <command>`,
    '',
    'Environment: DATABASE_URL (default sqlite:./data/envelopes.db), PUBLIC_URL, DEMO_CREDENTIALS_FILE.',
  ].join('\n')
}

/** Plain `key: value` lines; multi-line values (PEM keys) are printed after their key. */
export function formatText(result: Record<string, unknown>): string {
  return Object.entries(result)
    .map(([key, value]) => {
      if (Array.isArray(value)) {
        return `${key}:\n${value.map((item) => `  - ${Object.values(item as object).join('  ')}`).join('\n')}`
      }
      const text = String(value)
      return text.includes('\n') ? `${key}:\n${text.trimEnd()}` : `${key}: ${text}`
    })
    .join('\n')
}

function publicUrlOf(config: EnvelopeServiceConfig): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST
  const tls = config.TLS_CERT_FILE !== undefined && config.TLS_KEY_FILE !== undefined
  return `${tls ? 'https' : 'http'}://${host}:${config.PORT}`
}

/** Runs one admin command and returns the process exit status: 0 done, 1 refused, 2 usage error. */
export async function runCli(
  argv: string[],
  env: Record<string, string | undefined>,
  output: Output,
  now: () => number = Date.now,
): Promise<number> {
  const [name, ...rest] = argv
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    const topic = name === 'help' && rest[0] ? commands[rest[0]] : undefined
    output.out(topic ? `Usage: ${topic.usage} [--json]\n\n${topic.summary}` : usage())
    return EXIT.ok
  }
  const command: Command | undefined = commands[name]
  if (!command) {
    output.err(`Unknown command "${name}".\n\n${usage()}`)
    return EXIT.usage
  }

  let database: Database<Schema> | undefined
  try {
    const { values, positionals } = parseArgs({
      args: rest,
      options: { ...command.options, json: { type: 'boolean' } },
      strict: true,
      allowPositionals: true,
    })
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`, name)
    const config = loadEnvelopeServiceConfig(env)
    const environment: CommandEnvironment = {
      config,
      publicUrl: publicUrlOf(config),
      now,
      async db() {
        if (!database) {
          database = connectDatabase<Schema>(config.DATABASE_URL, { poolSize: 2 })
          await migrateToLatest(database, migrations)
        }
        return database.db
      },
    }
    const result = await command.run(values, environment)
    output.out(values.json ? JSON.stringify(result, null, 2) : formatText(result))
    return EXIT.ok
  } catch (error) {
    if (error instanceof UsageError || isParseArgsError(error)) {
      output.err(`${name}: ${(error as Error).message}\nUsage: ${command.usage} [--json]`)
      return EXIT.usage
    }
    if (error instanceof ConfigError) {
      output.err(error.message)
      return EXIT.usage
    }
    if (error instanceof AppError) {
      output.err(`${name}: ${error.message}`)
      return EXIT.failed
    }
    throw error
  } finally {
    await database?.close()
  }
}

const isParseArgsError = (error: unknown) =>
  typeof (error as { code?: unknown })?.code === 'string' &&
  (error as { code: string }).code.startsWith('ERR_PARSE_ARGS')
