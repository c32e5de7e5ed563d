import { Writable } from 'node:stream'
import Fastify, { type FastifyBaseLogger } from 'fastify'
import { describe, expect, it } from 'vitest'
import { lazyChildLoggerFactory } from './lazy-child-logger.js'

function logger(level: string) {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>)
      done()
    },
  })
  // Fastify's own pino logger, as the services get it.
  return { parent: Fastify({ logger: { level, base: { service: 'test' }, stream } }).log, lines }
}

describe('lazyChildLoggerFactory', () => {
  it('writes what pino child would, with the bindings, at the enabled levels only', () => {
    const { parent, lines } = logger('info')
    const child = lazyChildLoggerFactory(parent, { reqId: 'r-1' }, {})
    child.debug('not written')
    child.info({ path: '/x' }, 'request')
    child.error(new Error('boom'))
    expect(lines.map((line) => [line.level, line.reqId, line.service, line.msg])).toEqual([
      [30, 'r-1', 'test', 'request'],
      [50, 'r-1', 'test', 'boom'],
    ])
    expect(lines[0]?.path).toBe('/x')
  })

  it('answers level questions and bindings without making a child, and makes grandchildren', () => {
    const { parent, lines } = logger('warn')
    const child = lazyChildLoggerFactory(parent, { reqId: 'r-2' }, {}) as FastifyBaseLogger & {
      isLevelEnabled(level: string): boolean
      bindings(): Record<string, unknown>
    }
    expect(child.level).toBe('warn')
    expect(child.isLevelEnabled('info')).toBe(false)
    expect(child.isLevelEnabled('warn')).toBe(true)
    expect(child.bindings()).toMatchObject({ reqId: 'r-2', service: 'test' })
    child.child({ step: 'inner' }).warn('deeper')
    expect(lines.map((line) => [line.reqId, line.step, line.msg])).toEqual([['r-2', 'inner', 'deeper']])
    child.level = 'debug'
    child.debug('now written')
    expect(lines.at(-1)?.msg).toBe('now written')
  })

  it('gives a route with its own options pino child at once', () => {
    const { parent, lines } = logger('warn')
    const child = lazyChildLoggerFactory(parent, { reqId: 'r-3' }, { level: 'debug' })
    child.debug('route level')
    expect(lines.map((line) => line.msg)).toEqual(['route level'])
  })

  it('leaves a disabled logger (Fastify without logging) as it is', async () => {
    const app = Fastify({ logger: false, childLoggerFactory: lazyChildLoggerFactory })
    app.get('/', async (request) => {
      request.log.info('nowhere')
      return { ok: true }
    })
    expect((await app.inject('/')).json()).toEqual({ ok: true })
  })
})
