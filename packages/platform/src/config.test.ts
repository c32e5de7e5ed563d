import { Type } from '@sinclair/typebox'
import { describe, expect, it } from 'vitest'
import { BaseServiceConfig, ConfigError, loadConfig } from './config.js'

const Schema = Type.Composite([
  BaseServiceConfig,
  Type.Object({ PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }) }),
])

describe('loadConfig', () => {
  it('converts numbers and applies defaults', () => {
    const config = loadConfig(Schema, { DATABASE_URL: 'sqlite:./x.db', PORT: '8080' })
    expect(config).toMatchObject({ PORT: 8080, HOST: '127.0.0.1', LOG_LEVEL: 'info' })
  })

  it('treats empty variables as unset', () => {
    expect(loadConfig(Schema, { DATABASE_URL: 'sqlite:./x.db', PORT: '' }).PORT).toBe(3000)
  })

  it('reports every problem at once, naming each variable', () => {
    try {
      loadConfig(Schema, { DATABASE_URL: 'mysql://x', PORT: 'eighty', LOG_LEVEL: 'loud' })
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError)
      const problems = (error as ConfigError).problems.join('\n')
      expect(problems).toMatch(/DATABASE_URL="mysql:\/\/x"/)
      expect(problems).toMatch(/PORT="eighty"/)
      expect(problems).toMatch(/LOG_LEVEL="loud"/)
    }
  })
})
