import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ServiceBusyError } from '../errors.js'

/**
 * A large body costs several times its size while it is read, parsed, decoded and stored (a 24 MB
 * envelope about 60 MB), so twenty arriving together would take a gigabyte. At most `concurrency` large
 * bodies are handled at once; the next is refused at once with 503 and `Retry-After`, before its body is
 * read (the rest of it is discarded, unread-bodies.ts), so it costs no memory and the client retries.
 * A slot is held until the response is finished or the connection is gone.
 */
export function installLargeBodyGate(
  app: FastifyInstance,
  options: { largeBodyBytes: number; concurrency: number; retryAfterSeconds?: number },
): { inUse(): number } {
  let inUse = 0
  const retryAfter = String(options.retryAfterSeconds ?? 1)
  app.addHook('onRequest', (request, reply, done) => {
    if (!isLarge(request, options.largeBodyBytes)) return done()
    if (inUse >= options.concurrency) {
      return done(
        new ServiceBusyError(
          `The service is handling as many large requests as it can (${options.concurrency}); retry after ${retryAfter} s`,
          { headers: { 'retry-after': retryAfter } },
        ),
      )
    }
    inUse++
    let released = false
    reply.raw.once('close', () => {
      if (released) return
      released = true
      inUse--
    })
    done()
  })
  return { inUse: () => inUse }
}

/**
 * Larger than the threshold by its Content-Length, or chunked (its size unknown until read). A body over
 * the route's own limit is not counted: it is refused with 413 without being read.
 */
function isLarge(request: FastifyRequest, threshold: number): boolean {
  const length = request.headers['content-length']
  if (length === undefined) return request.headers['transfer-encoding'] !== undefined
  const bytes = Number(length)
  return bytes > threshold && bytes <= request.routeOptions.bodyLimit
}
