import { createHash, timingSafeEqual } from 'node:crypto'
import { type App, ForbiddenError } from 'platform'
import type { ServiceContext } from '../../../context.js'
import type { ConnectCounters } from './counters.js'
import { queueDepths, storedFailures } from './repository.js'

/**
 * `GET /metrics` in Prometheus' text format. Counters are this process's since it started (one scrape
 * target per process); gauges are the stored queue and failures, the same from every process. Two
 * grouped queries over small tables (pending deliveries, given-up deliveries), no log scan, so a
 * scrape every few seconds costs little.
 *
 * Without `METRICS_TOKEN` only clients on the loopback interface may read it (a Prometheus or agent on
 * the same host); with it, any client presenting `Authorization: Bearer <METRICS_TOKEN>`.
 */

type Labels = Record<string, string>

interface Family {
  name: string
  help: string
  type: 'counter' | 'gauge'
  samples: { labels: Labels; value: number }[]
}

export async function renderConnectMetrics(ctx: ServiceContext, counters: ConnectCounters): Promise<string> {
  const now = ctx.now()
  const [queue, failures] = await Promise.all([
    queueDepths(ctx.db, now, undefined),
    storedFailures(ctx.db, undefined),
  ])
  const target = (row: { accountId: string; configurationId: string }) => ({
    account_id: row.accountId,
    connect_id: row.configurationId,
  })
  const counted = counters.snapshot()
  const counter = (name: string, help: string, pick: (row: (typeof counted)[number]) => number): Family => ({
    name,
    help,
    type: 'counter',
    samples: counted.map((row) => ({ labels: target(row), value: pick(row) })),
  })
  const families: Family[] = [
    counter(
      'connect_deliveries_total',
      'Connect attempts answered with a 2xx, by this process since it started.',
      (row) => row.delivered,
    ),
    counter(
      'connect_failed_attempts_total',
      'Connect attempts answered otherwise or not at all, by this process since it started.',
      (row) => row.failedAttempts,
    ),
    counter(
      'connect_retries_total',
      "Connect attempts that were not their delivery's first, by this process since it started.",
      (row) => row.retries,
    ),
    counter(
      'connect_given_up_total',
      'Connect deliveries moved to the failures after the retry window, by this process since it started.',
      (row) => row.givenUp,
    ),
    {
      name: 'connect_queue_depth',
      help: 'Connect deliveries stored now: pending (waiting for an attempt) or in_flight (attempt under way).',
      type: 'gauge',
      samples: queue.flatMap((row) => [
        { labels: { ...target(row), state: 'pending' }, value: row.pending },
        { labels: { ...target(row), state: 'in_flight' }, value: row.inFlight },
      ]),
    },
    {
      name: 'connect_queue_awaiting_retry',
      help: 'Pending Connect deliveries whose earlier attempt failed.',
      type: 'gauge',
      samples: queue.map((row) => ({ labels: target(row), value: row.awaitingRetry })),
    },
    {
      name: 'connect_queue_oldest_age_seconds',
      help: 'Age of the oldest Connect delivery still queued.',
      type: 'gauge',
      samples: queue.map((row) => ({
        labels: target(row),
        value: Math.max(0, (now - row.oldestCreatedAt) / 1000),
      })),
    },
    {
      name: 'connect_failures_stored',
      help: 'Connect deliveries given up and not yet retried or deleted.',
      type: 'gauge',
      samples: failures.map((row) => ({ labels: target(row), value: row.failures })),
    },
  ]
  return families.map(formatFamily).join('')
}

function formatFamily(family: Family): string {
  const lines = [`# HELP ${family.name} ${family.help}`, `# TYPE ${family.name} ${family.type}`]
  for (const sample of family.samples)
    lines.push(`${family.name}${formatLabels(sample.labels)} ${sample.value}`)
  return `${lines.join('\n')}\n`
}

function formatLabels(labels: Labels): string {
  const pairs = Object.entries(labels).map(
    ([name, value]) => `${name}="${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`,
  )
  return pairs.length === 0 ? '' : `{${pairs.join(',')}}`
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/

/** Who may scrape: see the header. Hashing first makes the comparison constant-time for any length. */
export function mayReadMetrics(
  token: string | undefined,
  request: { remoteAddress: string | undefined; authorization: string | undefined },
): boolean {
  if (token === undefined) return LOOPBACK.test(request.remoteAddress ?? '')
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(request.authorization ?? ''), digest(`Bearer ${token}`))
}

export async function prometheusMetricsRoute(app: App, ctx: ServiceContext, counters: ConnectCounters) {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const allowed = mayReadMetrics(ctx.config.METRICS_TOKEN, {
      remoteAddress: request.socket.remoteAddress,
      authorization: request.headers.authorization,
    })
    if (!allowed) {
      throw new ForbiddenError(
        ctx.config.METRICS_TOKEN === undefined
          ? 'Metrics are served to loopback clients only unless METRICS_TOKEN is set'
          : 'Metrics need Authorization: Bearer <METRICS_TOKEN>',
      )
    }
    reply.type('text/plain; version=0.0.4; charset=utf-8')
    return renderConnectMetrics(ctx, counters)
  })
}
