import type { IncomingMessage } from 'node:http'
import type { FastifyInstance } from 'fastify'

/**
 * An answer sent before the request body was read (413 for a body over the limit, 401 or 503 from a hook
 * that refuses it before parsing) used to close the connection at once: Fastify marks such a response
 * `Connection: close` and Node closes the socket when it is written. A client still sending its body then
 * writes into a closed socket and, depending on timing, sees `EPIPE` or `ECONNRESET` instead of the
 * answer (Node's own `fetch` in about half the tries). So the rest of the body is read and thrown away,
 * up to `maxBytes`, and the connection stays usable: the client finishes sending and reads the answer.
 * A body announced or found larger than `maxBytes` is not waited for: its connection is closed as before.
 */
export function installUnreadBodyDiscard(
  app: FastifyInstance,
  options: { maxBytes: number; isClosing: () => boolean },
): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const raw = request.raw
    if (!raw.complete && !raw.destroyed && !options.isClosing() && discard(raw, options.maxBytes)) {
      reply.removeHeader('connection')
    }
    done(null, payload)
  })
}

/** Starts reading the rest of `request` into nothing; false when it is too large to wait for. */
function discard(request: IncomingMessage, maxBytes: number): boolean {
  const announced = Number(request.headers['content-length'])
  if (announced > maxBytes) return false
  let received = 0
  const onData = (chunk: Buffer) => {
    received += chunk.length
    if (received > maxBytes) {
      request.off('data', onData)
      request.socket.destroy()
    }
  }
  // Whatever Fastify's body reader left: its listeners are gone once it refused the body.
  request.on('data', onData)
  request.once('end', () => request.off('data', onData))
  request.resume()
  return true
}
