import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import pg from 'pg'
import { notifyChannel } from './repository.js'

/**
 * Cross-process wake-ups for the job runner on PostgreSQL. `wake` stores the job's due time in `jobs`,
 * which every process finds at its next poll; a notifier makes the others look at once instead:
 * `pg_notify` right after that row is written, and one dedicated `LISTEN` connection per process. A
 * notification is only a hint to poll now (the row is the truth), so one lost while the listening
 * connection was down costs latency, not work: after reconnecting the runner polls once anyway.
 */
export interface JobNotifier {
  /** Tells the other processes that the job is due now. */
  notify(name: string): Promise<void>
  /**
   * Starts listening; resolves after the first connection attempt (a failed one is retried in the
   * background). `onWake` gets the job another process woke, or undefined after a reconnect.
   */
  listen(onWake: (name: string | undefined) => void): Promise<void>
  /** Ends the listening connection for good. */
  close(): Promise<void>
}

export interface PostgresNotifierOptions<DB> {
  /** The service's `DATABASE_URL`; its `schema` parameter names the channel. */
  url: string
  /** The service's pool, which sends the notifications. */
  db: Kysely<DB>
  /** The listening connection failed or could not connect; it is retried. */
  onError?: (error: unknown) => void
  /** First wait before reconnecting (default 500 ms), doubled up to 30 s while it keeps failing. */
  reconnectMs?: number
}

const MAX_RECONNECT_MS = 30_000
/** PostgreSQL's longest identifier (NAMEDATALEN - 1); a longer channel is refused by `pg_notify`. */
const MAX_CHANNEL_LENGTH = 63

/**
 * The channel of one schema's jobs. Channels are per database, not per schema, so services (and test
 * runs) in other schemas of the same database must not hear each other.
 */
export function jobsChannel(schema: string | undefined): string {
  const channel = `jobs_${schema ?? 'public'}`
  if (channel.length <= MAX_CHANNEL_LENGTH) return channel
  return `jobs_${createHash('sha256').update(channel).digest('hex').slice(0, 40)}`
}

export function createPostgresNotifier<DB>(options: PostgresNotifierOptions<DB>): JobNotifier {
  const parsed = new URL(options.url)
  const channel = jobsChannel(parsed.searchParams.get('schema') ?? undefined)
  parsed.searchParams.delete('schema')
  const connectionString = parsed.toString()
  const onError = options.onError ?? (() => {})
  const firstDelayMs = options.reconnectMs ?? 500
  // Notifications this process sent come back to its own listener: they are skipped by this id.
  const self = randomBytes(8).toString('hex')
  let client: pg.Client | undefined
  let closed = false
  let failures = 0
  let retryTimer: NodeJS.Timeout | undefined
  let handler: (name: string | undefined) => void = () => {}

  async function connect(): Promise<void> {
    if (closed) return
    const connection = new pg.Client({ connectionString, keepAlive: true, connectionTimeoutMillis: 10_000 })
    let lost = false
    const onLost = (error?: unknown) => {
      if (lost) return
      lost = true
      if (client === connection) client = undefined
      connection.removeAllListeners('notification')
      void connection.end().catch(() => {})
      if (closed) return
      if (error !== undefined) onError(error)
      scheduleReconnect()
    }
    connection.on('error', onLost)
    connection.on('end', () => onLost(new Error('the LISTEN connection ended')))
    connection.on('notification', (message) => {
      if (message.channel !== channel || message.payload === undefined) return
      const [from, name] = splitPayload(message.payload)
      if (from !== self) handler(name)
    })
    try {
      await connection.connect()
      await connection.query(`listen "${channel}"`)
    } catch (error) {
      onLost(error)
      return
    }
    if (closed) {
      await connection.end().catch(() => {})
      return
    }
    client = connection
    // Wakes sent while no connection listened are lost: look for due jobs once.
    if (failures > 0) handler(undefined)
    failures = 0
  }

  function scheduleReconnect() {
    const delayMs = Math.min(MAX_RECONNECT_MS, firstDelayMs * 2 ** failures)
    failures += 1
    clearTimeout(retryTimer)
    retryTimer = setTimeout(() => void connect(), delayMs)
    retryTimer.unref()
  }

  return {
    async notify(name) {
      await notifyChannel(options.db, channel, `${self} ${name}`)
    },
    async listen(onWake) {
      handler = onWake
      await connect()
    },
    async close() {
      closed = true
      clearTimeout(retryTimer)
      const connection = client
      client = undefined
      if (connection) {
        connection.removeAllListeners()
        connection.on('error', () => {})
        await connection.end().catch(() => {})
      }
    },
  }
}

/** A payload is `<sender id> <job name>`. */
function splitPayload(payload: string): [string, string] {
  const space = payload.indexOf(' ')
  return space < 0 ? [payload, ''] : [payload.slice(0, space), payload.slice(space + 1)]
}
