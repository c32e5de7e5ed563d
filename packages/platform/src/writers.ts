import { Type } from '@sinclair/typebox'

/**
 * The one assumption behind every in-process shortcut of a service (trusted caches, counting in
 * memory): `single` when this process is the database's only writer, `many` when other processes
 * (more instances, or anything else) write it too. Unset, it follows the database: `single` on SQLite
 * (one process per file), `many` on PostgreSQL (the store for several instances).
 */
export const WritersConfig = Type.Object({
  WRITERS: Type.Optional(Type.Union([Type.Literal('single'), Type.Literal('many')])),
})

export type Writers = 'single' | 'many'

/** The `WRITERS` setting, with its default resolved from `DATABASE_URL`. */
export function writersOf(config: { WRITERS?: Writers | undefined; DATABASE_URL: string }): Writers {
  return config.WRITERS ?? (config.DATABASE_URL.startsWith('sqlite:') ? 'single' : 'many')
}
