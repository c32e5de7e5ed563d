import { type Static, type TObject, Type } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'

/** Raised at start-up when the environment does not describe a runnable service. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`)
    this.name = 'ConfigError'
  }
}

/** Settings every HTTP service shares. Services extend this with `Type.Composite`. */
export const BaseServiceConfig = Type.Object({
  HOST: Type.String({ default: '127.0.0.1', minLength: 1 }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535 }),
  DATABASE_URL: Type.String({ pattern: '^(sqlite:|postgres(ql)?://)' }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((level) => Type.Literal(level)),
    { default: 'info' },
  ),
})

/**
 * Reads a typed configuration from environment variables: converts numeric and boolean strings,
 * applies defaults, and reports every problem at once so an operator fixes them in one go.
 */
export function loadConfig<T extends TObject>(
  schema: T,
  env: Record<string, string | undefined> = process.env,
): Static<T> {
  const raw: Record<string, unknown> = {}
  for (const key of Object.keys(schema.properties)) {
    const value = env[key]
    if (value !== undefined && value !== '') raw[key] = value
  }
  const converted = Value.Default(schema, Value.Convert(schema, raw))
  const problems = [...Value.Errors(schema, converted)].map((error) => {
    const key = error.path.replace(/^\//, '') || '(root)'
    const given = env[key]
    return given === undefined || given === ''
      ? `${key} is required (${error.message})`
      : `${key}=${JSON.stringify(given)}: ${error.message}`
  })
  if (problems.length > 0) throw new ConfigError(problems)
  return converted as Static<T>
}
