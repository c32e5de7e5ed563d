import type { FastifyInstance } from 'fastify'

export interface ListenOptions {
  port: number
  host: string
}

/**
 * Listens and installs graceful shutdown: on SIGTERM or SIGINT the server stops accepting connections,
 * finishes in-flight requests, runs every onClose hook (closing the database), then exits.
 * A second signal, or a shutdown that takes longer than `graceMs`, exits at once.
 */
export async function serveUntilSignalled(app: FastifyInstance, listen: ListenOptions, graceMs = 10_000) {
  let closing = false
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1)
    closing = true
    app.log.info({ signal }, 'shutting down')
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
  process.on('SIGTERM', shutdown)
  process.on('SIGINT', shutdown)
  return app.listen(listen)
}
