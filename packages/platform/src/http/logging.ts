import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

export type LogFormat = 'pretty' | 'json'

/** Query parameters that carry credentials (OAuth codes, JWT assertions, tokens): never written to a log. */
const SECRET_PARAMETERS = new Set([
  'access_token',
  'assertion',
  'client_secret',
  'code',
  'id_token',
  'password',
  'refresh_token',
  'secret',
  'signature',
  'token',
])

/** The URL with the values of credential-carrying query parameters replaced by `***`. */
export function redactQuery(url: string): string {
  const question = url.indexOf('?')
  if (question === -1) return url
  const query = url
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      const name = equals === -1 ? pair : pair.slice(0, equals)
      let decoded = name
      try {
        decoded = decodeURIComponent(name)
      } catch {}
      return equals !== -1 && SECRET_PARAMETERS.has(decoded.toLowerCase()) ? `${name}=***` : pair
    })
  return `${url.slice(0, question)}?${query.join('&')}`
}

/** The error code a failed request answered with, for its access-log line; set by the error handler. */
export const errorCodeOf = Symbol('errorCode')
/** The exception behind a 5xx, logged with the access-log line of its request. */
export const failureOf = Symbol('failure')

type LoggedRequest = FastifyRequest & { [errorCodeOf]?: string; [failureOf]?: unknown }

/** Records what the access log says about a failed request. */
export function noteFailure(request: FastifyRequest, errorCode: string, error?: unknown): void {
  const logged = request as LoggedRequest
  logged[errorCodeOf] = errorCode
  if (error !== undefined) logged[failureOf] = error
}

/**
 * One line per request when it completes: method, URL without secrets, status, duration and request id
 * (pino adds `reqId`). Successes and 4xx are `info` (4xx with their error code); a 503 the service chose
 * (ServiceBusyError, shutting down) is `warn`; other 5xx are `error` with the exception, so a failure is found by its request id and explained on one line.
 */
export function installAccessLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    const status = reply.statusCode
    // Below `info` (the benchmarks run at `warn`) the line is not built at all.
    const log = request.log as { isLevelEnabled?: (level: string) => boolean }
    if (status < 500 && log.isLevelEnabled?.('info') === false) return done()
    const logged = request as LoggedRequest
    const line = {
      method: request.method,
      url: redactQuery(request.url),
      status,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ...(logged[errorCodeOf] !== undefined ? { code: logged[errorCodeOf] } : {}),
    }
    // A 503 the service chose (busy, shutting down) is no failure to investigate: a warning, no stack.
    if (status === 503 && logged[failureOf] === undefined) request.log.warn(line, 'request refused')
    else if (status >= 500) request.log.error({ ...line, err: logged[failureOf] }, 'request failed')
    else request.log.info(line, 'request')
    done()
  })
}

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
}
const LEVEL_COLOURS: Record<number, string> = { 40: '\x1b[33m', 50: '\x1b[31m', 60: '\x1b[41m' }
const DIM = '\x1b[2m'
const RESET = '\x1b[0m'
/** pino's own fields, shown in a fixed place or not at all. */
const HIDDEN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'err', 'v'])

interface LogRecord {
  level: number
  time: number
  msg?: string
  reqId?: string
  err?: { type?: string; message?: string; stack?: string }
  [field: string]: unknown
}

/**
 * One readable line per log record: time, level, the message (an access-log line reads
 * `GET /path 200 3.1ms`), the other fields as `key=value`, the request id, and an error's stack below it.
 */
export function formatPretty(record: LogRecord, colour: boolean): string {
  const paint = (code: string | undefined, text: string) => (colour && code ? `${code}${text}${RESET}` : text)
  const time = new Date(record.time).toISOString().slice(11, 23)
  const level = paint(LEVEL_COLOURS[record.level], LEVEL_NAMES[record.level] ?? String(record.level))
  const isAccess = typeof record.method === 'string' && typeof record.status === 'number'
  const shown = isAccess ? new Set([...HIDDEN, 'method', 'url', 'status', 'ms']) : HIDDEN
  const head = isAccess
    ? `${record.method} ${record.url} ${record.status} ${record.ms}ms`
    : (record.msg ?? '')
  const fields = Object.entries(record)
    .filter(([key, value]) => !shown.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
  const request = record.reqId ? paint(DIM, ` req=${record.reqId}`) : ''
  const line = `${paint(DIM, time)} ${level} ${[head, ...fields].join(' ')}${request}`
  const stack = record.err?.stack ?? record.err?.message
  return stack ? `${line}\n    ${stack.split('\n').join('\n    ')}` : line
}

/** A pino destination that writes `formatPretty` lines to stdout. */
export function prettyStream(output: NodeJS.WritableStream & { isTTY?: boolean }) {
  const colour = output.isTTY === true && !process.env.NO_COLOR
  return {
    write(chunk: string) {
      let record: LogRecord
      try {
        record = JSON.parse(chunk) as LogRecord
      } catch {
        output.write(chunk)
        return
      }
      output.write(`${formatPretty(record, colour)}\n`)
    },
  }
}

/** `pretty` on a terminal, JSON lines otherwise (for a log collector), unless LOG_FORMAT says. */
export function defaultLogFormat(output: NodeJS.WriteStream = process.stdout): LogFormat {
  return output.isTTY ? 'pretty' : 'json'
}
