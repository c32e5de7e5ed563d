import { join, resolve } from 'node:path'
import { Type } from '@sinclair/typebox'
import { describe, expect, it } from 'vitest'
import { BaseServiceConfig, ConfigError, dataDirectory, loadConfig } from './config.js'

const Schema = Type.Composite([
  BaseServiceConfig,
  Type.Object({
    PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
    SEED: Type.Boolean({ default: true }),
  }),
])

const repositoryRoot = resolve(import.meta.dirname, '../../..')

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(Schema, env)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as ConfigError).problems
  }
  return expect.unreachable('the configuration was accepted')
}

describe('loadConfig', () => {
  it('converts numbers and applies defaults', () => {
    const config = loadConfig(Schema, { DATABASE_URL: 'sqlite:./x.db', PORT: '8080' })
    expect(config).toMatchObject({ PORT: 8080, HOST: '127.0.0.1', LOG_LEVEL: 'info', SEED: true })
    expect(config.LOG_FORMAT).toBeUndefined()
  })

  it('treats empty variables as unset', () => {
    expect(loadConfig(Schema, { DATABASE_URL: 'sqlite:./x.db', PORT: '' }).PORT).toBe(3000)
  })

  it('reports one line per invalid variable with its value and what is allowed', () => {
    const problems = problemsOf({
      DATABASE_URL: 'mysql://x',
      PORT: 'abc',
      LOG_LEVEL: 'loud',
      LOG_FORMAT: 'xml',
      SEED: 'maybe',
    })
    expect(problems).toEqual([
      'PORT="abc" is invalid: expected an integer from 0 to 65535',
      'DATABASE_URL="mysql://x" is invalid: expected sqlite:<path> or postgres://user@host:5432/db',
      'LOG_LEVEL="loud" is invalid: expected one of: fatal, error, warn, info, debug, trace, silent',
      'LOG_FORMAT="xml" is invalid: expected one of: pretty, json',
      'SEED="maybe" is invalid: expected true or false',
    ])
  })

  it('names a missing required variable once', () => {
    expect(problemsOf({})).toEqual([
      'DATABASE_URL is required: expected sqlite:<path> or postgres://user@host:5432/db',
    ])
  })

  it('reports an out-of-range port with the range', () => {
    expect(problemsOf({ DATABASE_URL: 'sqlite:x', PORT: '70000' })).toEqual([
      'PORT="70000" is invalid: expected an integer from 0 to 65535',
    ])
  })

  it('derives data-directory defaults from DATA_DIR, and explicit variables win over them', () => {
    const defaults = (data: string) => ({ DATABASE_URL: `sqlite:${join(data, 'service.db')}` })
    const fromDataDir = loadConfig(Schema, { DATA_DIR: '/srv/inkwell' }, defaults)
    expect(fromDataDir).toMatchObject({
      DATA_DIR: '/srv/inkwell',
      DATABASE_URL: 'sqlite:/srv/inkwell/service.db',
    })
    const explicit = loadConfig(
      Schema,
      { DATA_DIR: '/srv/inkwell', DATABASE_URL: 'postgres://db/x' },
      defaults,
    )
    expect(explicit.DATABASE_URL).toBe('postgres://db/x')
  })
})

describe('dataDirectory', () => {
  it('is data/ at the repository root wherever the command runs', () => {
    expect(dataDirectory({})).toBe(join(repositoryRoot, 'data'))
  })

  it('resolves a relative DATA_DIR against the directory npm was started in', () => {
    expect(dataDirectory({ DATA_DIR: 'var', INIT_CWD: '/home/me' })).toBe('/home/me/var')
    expect(dataDirectory({ DATA_DIR: '/abs/dir', INIT_CWD: '/home/me' })).toBe('/abs/dir')
  })
})
