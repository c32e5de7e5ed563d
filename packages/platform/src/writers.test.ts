import { Type } from '@sinclair/typebox'
import { describe, expect, it } from 'vitest'
import { BaseServiceConfig, loadConfig } from './config.js'
import { WritersConfig, writersOf } from './writers.js'

const Config = Type.Composite([BaseServiceConfig, WritersConfig])
const writers = (env: Record<string, string>) => writersOf(loadConfig(Config, { PORT: '1', ...env }))

describe('WRITERS setting', () => {
  it('defaults to single on SQLite and many on PostgreSQL', () => {
    expect(writers({ DATABASE_URL: 'sqlite:./data/x.db' })).toBe('single')
    expect(writers({ DATABASE_URL: 'postgres://db/x' })).toBe('many')
    expect(writers({ DATABASE_URL: 'postgresql://db/x' })).toBe('many')
  })

  it('lets single and many override the database default', () => {
    expect(writers({ DATABASE_URL: 'sqlite:./data/x.db', WRITERS: 'many' })).toBe('many')
    expect(writers({ DATABASE_URL: 'postgres://db/x', WRITERS: 'single' })).toBe('single')
  })

  it('rejects other values, naming the setting', () => {
    expect(() => writers({ DATABASE_URL: 'sqlite:x', WRITERS: 'auto' })).toThrow(/WRITERS/)
  })
})
