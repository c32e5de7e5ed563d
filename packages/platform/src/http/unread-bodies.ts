import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'

/**
 * An answer sent before the request body was read (413 for a body over the limit, 401 or 503 from a hook
 * that refuses it before parsing) used to close the connection at once: Fastify marks such a response
 * `Connection: close` and Node closes the socket when it is written. A client still sending its body then
 * writes into a closed socket and, depending on timing, sees `EPIPE` or `ECONNRESET` instead of the
 * answer (Node's own `fetch` in about half the tries). So the rest of the body is read and thrown away,
 * up to `maxBytes`, before the connection closes (when the client asked it to) or serves the next request
 * (Fastify's `Connection: close` is dropped): the client finishes sending and reads the answer.
 * A body announced or found larger than `maxBytes` is not waited for: its connection is closed as before.
 */
export function installUnreadBodyDiscard(
  app: FastifyInstance,
  options: { maxBytes: number; isClosing: () => boolean },
): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const raw = request.raw
    if (
      hasBody(raw) &&
      !raw.complete &&
      !raw.destroyed &&
      !options.isClosing() &&
      discard(raw, reply.raw, options.maxBytes)
    ) {
      // Node closes the socket once the response is written when the response says `Connection: close`
      // or the request did; it stays open, and discard() ends it once the body is read and the answer
      // written, if it must close.
      reply.removeHeader('connection')
      reply.raw.shouldKeepAlive = true
    }
    done(null, payload)
  })
}

/**
 * Whether the request announced a body. A request without one is not `complete` either while a route
 * answers it synchronously (Node marks it complete just after the route runs); taking that for an unread
 * body ended the connection of a `Connection: close` request before an answer that came later (an
 * asynchronous `onSend` hook, as the API docs' has) was written: the client got nothing at all.
 */
function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length']
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && Number(length) !== 0)
}

/** Starts reading the rest of `request` into nothing; false when it is too large to wait for. */
function discard(request: IncomingMessage, response: ServerResponse, maxBytes: number): boolean {
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
  // What the client asked for: HTTP/1.1 keeps the connection unless told to close, HTTP/1.0 the reverse.
  const connection = request.headers.connection?.toLowerCase() ?? ''
  const closeAfter =
    request.httpVersion === '1.0' ? !connection.includes('keep-alive') : connection.includes('close')
  // Whatever Fastify's body reader left: its listeners are gone once it refused the body.
  request.on('data', onData)
  request.once('end', () => {
    request.off('data', onData)
    if (!closeAfter) return
    // The answer may still be on its way (an onSend hook that finishes later): close after it.
    if (response.writableFinished) request.socket.end()
    else response.once('finish', () => request.socket.end())
  })
  request.resume()
  return true
}
