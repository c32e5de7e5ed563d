import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedSmsRequest {
  method: string
  path: string
  authorization: string
  contentType: string
  form: URLSearchParams
}

/**
 * A local HTTP receiver in the shape of Twilio's Messages API for tests: records every request and
 * answers with `answer` (by default 201 with a message sid).
 */
export async function startTwilioReceiver() {
  const received: ReceivedSmsRequest[] = []
  const receiver = {
    received,
    baseUrl: '',
    answer: (response: ServerResponse) =>
      json(201, { sid: `SM${received.length}`, status: 'queued' })(response),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    dropConnections: () => server.closeAllConnections(),
  }
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        authorization: request.headers.authorization ?? '',
        contentType: request.headers['content-type'] ?? '',
        form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      })
      receiver.answer(response)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  receiver.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return receiver
}

export const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  (response: ServerResponse) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers })
    response.end(JSON.stringify(body))
  }
