import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { Kind, type Static, type TObject, type TSchema, Type } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'

/** Raised at start-up when the environment does not describe a runnable service. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`)
    this.name = 'ConfigError'
  }
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

/**
 * What one client may hold of a service: how long it may take to send its headers and its whole request,
 * how long an idle keep-alive connection stays open, and how many large bodies are read and processed at
 * once. Part of every service's configuration (BaseServiceConfig).
 */
export const HttpLimitsConfig = Type.Object({
  /**
   * A client must have sent all its request headers within this; a slow one (slowloris) gets 408 and is
   * closed, so trickled headers cannot hold connections open for Node's default 60 s.
   */
  HTTP_HEADERS_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 300_000, default: 10_000 }),
  /**
   * A client must have sent its whole request, body included, within this (Node's default is 300 s); long
   * enough for the largest body over a slow link.
   */
  HTTP_REQUEST_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 3_600_000, default: 120_000 }),
  /** An idle keep-alive connection is closed after this. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 600_000, default: 5_000 }),
  /** A request body larger than this (or of unknown length) counts as large (LARGE_BODY_CONCURRENCY). */
  LARGE_BODY_BYTES: Type.Integer({ minimum: 1024, default: 1024 * 1024 }),
  /**
   * How many large bodies are read and processed at once; the next one is refused at once with 503 and
   * `Retry-After`, before its body is read, so memory stays bounded however many arrive together.
   */
  LARGE_BODY_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 1_000, default: 4 }),
})

/** Settings every HTTP service shares. Services extend this with `Type.Composite`. */
export const BaseServiceConfig = Type.Object({
  HOST: Type.String({ default: '127.0.0.1', minLength: 1 }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535 }),
  DATABASE_URL: Type.String({
    pattern: '^(sqlite:|postgres(ql)?://)',
    description: 'sqlite:<path> or postgres://user@host:5432/db',
  }),
  /** Where the service keeps its files by default: the SQLite database, keys, certificates. */
  DATA_DIR: Type.String({ minLength: 1 }),
  LOG_LEVEL: Type.Union(
    LOG_LEVELS.map((level) => Type.Literal(level)),
    { default: 'info' },
  ),
  /** `pretty`: one readable line per event (the default on a terminal); `json`: pino's JSON lines. */
  LOG_FORMAT: Type.Optional(Type.Union([Type.Literal('pretty'), Type.Literal('json')])),
  /**
   * Behind a reverse proxy: which proxies' `X-Forwarded-For` and `X-Forwarded-Proto` to believe
   * (`parseTrustProxy`), so a request's address is the client's and its protocol the one the client used
   * (a session cookie is marked Secure only for HTTPS). Unset: the connection's own.
   */
  TRUST_PROXY: Type.Optional(Type.String()),
  ...HttpLimitsConfig.properties,
})

/**
 * The data directory every service and the admin CLI share: `DATA_DIR` (relative to where the command
 * was typed, which npm passes as INIT_CWD because `npm run -w` moves into the package folder), otherwise
 * `data/` at the repository root, so `npm start`, `npm run start:envelopes` and the CLI open the same files.
 */
export function dataDirectory(env: Record<string, string | undefined> = process.env): string {
  const base = env.INIT_CWD || process.cwd()
  if (env.DATA_DIR) return resolve(base, env.DATA_DIR)
  return join(repositoryRoot() ?? base, 'data')
}

/** The nearest folder above this module whose package.json declares workspaces (from src/ and dist/ alike). */
function repositoryRoot(): string | undefined {
  let directory = import.meta.dirname
  for (;;) {
    const manifest = join(directory, 'package.json')
    if (existsSync(manifest) && 'workspaces' in JSON.parse(readFileSync(manifest, 'utf8'))) return directory
    const parent = dirname(directory)
    if (parent === directory) return undefined
    directory = parent
  }
}

/**
 * Reads a typed configuration from environment variables: converts numeric and boolean strings,
 * applies defaults, and reports every problem at once, one line per variable naming its value and what
 * is allowed, so an operator fixes them in one go. `defaultsIn` gives the defaults that live in the
 * data directory (database file, keys), which are only known at start.
 */
export function loadConfig<T extends TObject>(
  schema: T,
  env: Record<string, string | undefined> = process.env,
  defaultsIn: (dataDir: string) => Record<string, string> = () => ({}),
): Static<T> {
  const dataDir = dataDirectory(env)
  const raw: Record<string, unknown> = {
    ...('DATA_DIR' in schema.properties ? { DATA_DIR: dataDir } : {}),
    ...defaultsIn(dataDir),
  }
  for (const key of Object.keys(schema.properties)) {
    const value = env[key]
    if (value !== undefined && value !== '') raw[key] = key === 'DATA_DIR' ? dataDir : value
  }
  const converted = Value.Default(schema, Value.Convert(schema, raw)) as Record<string, unknown>
  const invalid = new Set<string>()
  for (const error of Value.Errors(schema, converted)) invalid.add(error.path.split('/')[1] || '(root)')
  const problems = [...invalid].map((key) => {
    const property = schema.properties[key] as TSchema | undefined
    const allowed = property ? describeAllowed(property) : 'not allowed'
    const given = env[key]
    return given === undefined || given === ''
      ? `${key} is required: ${allowed}`
      : `${key}=${JSON.stringify(given)} is invalid: ${allowed}`
  })
  if (problems.length > 0) throw new ConfigError(problems)
  return converted as Static<T>
}

/** What a variable accepts, in the words an operator would use. */
export function describeAllowed(schema: TSchema): string {
  if (typeof schema.description === 'string') return `expected ${schema.description}`
  switch (schema[Kind]) {
    // A service narrowing a shared variable (its own PORT default) yields an intersection of both.
    case 'Intersect': {
      const members = schema.allOf as TSchema[]
      return describeAllowed(
        members.find((member) => typeof member.description === 'string') ?? members.at(-1)!,
      )
    }
    case 'Integer':
    case 'Number': {
      const noun = schema[Kind] === 'Integer' ? 'an integer' : 'a number'
      const { minimum, maximum } = schema as { minimum?: number; maximum?: number }
      if (minimum !== undefined && maximum !== undefined)
        return `expected ${noun} from ${minimum} to ${maximum}`
      if (minimum !== undefined) return `expected ${noun} of at least ${minimum}`
      if (maximum !== undefined) return `expected ${noun} of at most ${maximum}`
      return `expected ${noun}`
    }
    case 'Boolean':
      return 'expected true or false'
    case 'Union': {
      const literals = (schema.anyOf as TSchema[]).map((member) => member.const)
      if (literals.every((value) => value !== undefined)) return `expected one of: ${literals.join(', ')}`
      return 'expected a different kind of value'
    }
    case 'String': {
      const { pattern, minLength } = schema as { pattern?: string; minLength?: number }
      if (pattern !== undefined) return `expected a value matching ${pattern}`
      if (minLength !== undefined) return 'expected a non-empty value'
      return 'expected a string'
    }
    default:
      return 'expected a different kind of value'
  }
}
