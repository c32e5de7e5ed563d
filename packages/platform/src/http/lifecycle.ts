import { createServer, type Server } from 'node:http'
import type { FastifyInstance } from 'fastify'
import { ConfigError } from '../config.js'
import { limitsOfApp, serverOptionsOf } from './limits.js'

export interface ListenOptions {
  port: number
  host: string
  /**
   * Also serve the same routes over plain HTTP on this address: for browsers on the developer's machine
   * when the main port is HTTPS on a certificate they do not trust.
   */
  plainHttp?: { port: number; host: string } | undefined
}

/** A port the service cannot listen on; its message is the one line an operator needs. */
export class ListenError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ListenError'
  }
}

const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const

/**
 * Listens and installs graceful shutdown: on SIGTERM, SIGINT or SIGHUP, or when the launcher that started
 * this process with an IPC channel goes away (even killed with SIGKILL, which it cannot forward), the
 * server stops accepting connections, finishes in-flight requests, runs every onClose hook (closing the
 * database), then exits. Repeated SIGTERMs are expected (a signal to the process group plus the
 * launcher's forwarded one) and ignored; a second Ctrl-C, or a shutdown longer than `graceMs`, exits at once.
 * Returns the addresses listened on.
 */
export async function serveUntilSignalled(
  app: FastifyInstance,
  listen: ListenOptions,
  graceMs = 10_000,
): Promise<string[]> {
  let closing = false
  let interrupted = false
  const shutdown = (reason: string) => {
    if (reason === 'SIGINT') {
      if (interrupted) process.exit(1)
      interrupted = true
    }
    if (closing) return
    closing = true
    app.log.info({ reason }, 'shutting down')
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting')
      process.exit(1)
    }, graceMs)
    timer.unref()
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown')
        process.exit(1)
      },
    )
  }
  for (const signal of STOP_SIGNALS) process.on(signal, () => shutdown(signal))
  if (process.channel) {
    // The channel only tells us when the launcher is gone; it must not keep the process alive by itself.
    process.channel.unref()
    process.once('disconnect', () => shutdown('launcher exited'))
  }

  const limits = limitsOfApp(app)
  // The same timeouts as the main server: slow clients are cut on the browser port too.
  const plain = listen.plainHttp
    ? createServer(limits ? serverOptionsOf(limits) : {}, app.routing)
    : undefined
  if (plain) {
    app.addHook('preClose', (done) => {
      plain.close(() => done())
      plain.closeIdleConnections()
    })
  }
  try {
    const address = await app.listen({ port: listen.port, host: listen.host })
    if (!plain || !listen.plainHttp) return [address]
    return [address, await listenPlain(plain, listen.plainHttp)]
  } catch (error) {
    await app.close().catch(() => {})
    throw asListenError(error) ?? error
  }
}

function listenPlain(server: Server, address: { port: number; host: string }): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(address.port, address.host, () => {
      server.off('error', reject)
      const bound = server.address()
      const port = typeof bound === 'object' && bound ? bound.port : address.port
      resolve(`http://${address.host.includes(':') ? `[${address.host}]` : address.host}:${port}`)
    })
  })
}

function asListenError(error: unknown): ListenError | undefined {
  const { code, address, port } = error as { code?: string; address?: string; port?: number }
  const where = `${address ?? 'its address'}:${port ?? '?'}`
  if (code === 'EADDRINUSE') {
    return new ListenError(
      `port ${port} is already in use on ${address}: stop the process using it or set another port`,
    )
  }
  if (code === 'EACCES') return new ListenError(`not allowed to listen on ${where}: use a port above 1023`)
  if (code === 'EADDRNOTAVAIL') return new ListenError(`${address} is not an address of this machine (HOST)`)
  return undefined
}

/**
 * The body of a service's main module: starts it, and turns the failures an operator causes (invalid
 * configuration, a port in use) into a few plain lines and an exit status instead of a stack trace.
 */
export async function runService(name: string, start: () => Promise<void>): Promise<void> {
  try {
    await start()
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${name}: ${error.message}\n`)
      process.exit(2)
    }
    if (error instanceof ListenError) {
      process.stderr.write(`${name}: ${error.message}\n`)
      process.exit(1)
    }
    throw error
  }
}
