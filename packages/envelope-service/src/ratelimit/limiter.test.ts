import { connectDatabase } from 'platform'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadEnvelopeServiceConfig } from '../config.js'
import type { Schema } from '../database.js'
import { issueAccessToken } from '../identity/tokens/service.js'
import { seedPrincipal, startTestService, type TestPrincipal, type TestService } from '../testing/harness.js'
import { createSharedCallCounter } from './counter.js'

const SHARED = { WRITERS: 'many' }
const LOCAL = { WRITERS: 'single' }

const HEADERS = [
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'x-burstlimit-limit',
  'x-burstlimit-remaining',
]

describe('WRITERS setting', () => {
  it('is read by the service configuration, replacing RATE_LIMIT_COUNTING', () => {
    expect(loadEnvelopeServiceConfig({ WRITERS: 'many' }).WRITERS).toBe('many')
    expect(() => loadEnvelopeServiceConfig({ WRITERS: 'shared' })).toThrow(/WRITERS/)
    expect(loadEnvelopeServiceConfig({ RATE_LIMIT_COUNTING: 'local' })).not.toHaveProperty(
      'RATE_LIMIT_COUNTING',
    )
  })
})

describeEachDatabase('API rate limits', (databases) => {
  let service: TestService
  let clock = Date.parse('2026-11-22T10:15:00.000Z')
  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl(), {}, () => clock)
  })
  afterAll(() => service.close())

  const get = (principal: TestPrincipal, target = service, path = '') =>
    target.app.inject({
      url: `/restapi/v2.1/accounts/${principal.accountId}${path}`,
      headers: principal.headers,
    })

  it('sets the rate-limit headers on every authenticated response', async () => {
    const principal = await seedPrincipal(service.ctx, { hourlyLimit: 1000, burstLimit: 100 })
    const first = await get(principal)
    expect(first.statusCode).toBe(200)
    expect(first.headers).toMatchObject({
      'x-ratelimit-limit': '1000',
      'x-ratelimit-remaining': '999',
      'x-ratelimit-reset': String(Date.parse('2026-11-22T11:00:00.000Z') / 1000),
      'x-burstlimit-limit': '100',
      'x-burstlimit-remaining': '99',
    })
    expect((await get(principal)).headers['x-ratelimit-remaining']).toBe('998')
  })

  it('sets them on error responses after authentication too', async () => {
    const principal = await seedPrincipal(service.ctx, { hourlyLimit: 1000, burstLimit: 100 })
    const response = await get(principal, service, '/templates/00000000-0000-4000-8000-000000000000')
    expect(response.statusCode).toBe(404)
    expect(response.headers['x-ratelimit-remaining']).toBe('999')
  })

  it('sets none when authentication fails', async () => {
    const response = await service.app.inject({
      url: '/restapi/v2.1/accounts/00000000-0000-4000-8000-000000000000',
      headers: { authorization: 'Bearer nope' },
    })
    expect(response.statusCode).toBe(401)
    for (const header of HEADERS) expect(response.headers[header]).toBeUndefined()
  })

  it('returns 429 BURST_APIINVOCATION_LIMIT_EXCEEDED with Retry-After over the burst limit', async () => {
    const principal = await seedPrincipal(service.ctx, { hourlyLimit: 1000, burstLimit: 3 })
    for (let i = 0; i < 3; i++) expect((await get(principal)).statusCode).toBe(200)
    const limited = await get(principal)
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toEqual({
      errorCode: 'BURST_APIINVOCATION_LIMIT_EXCEEDED',
      message: expect.stringContaining('burst limit is 3'),
    })
    expect(limited.headers['retry-after']).toBe('30')
    expect(limited.headers['x-burstlimit-remaining']).toBe('0')
    clock += 30_000
    try {
      const next = await get(principal)
      expect(next.statusCode).toBe(200)
      expect(next.headers['x-burstlimit-remaining']).toBe('2')
      expect(next.headers['x-ratelimit-remaining']).toBe('995')
    } finally {
      clock -= 30_000
    }
  })

  it('returns 429 HOURLY_APIINVOCATION_LIMIT_EXCEEDED until the top of the hour', async () => {
    const principal = await seedPrincipal(service.ctx, { hourlyLimit: 2, burstLimit: 100 })
    expect((await get(principal)).statusCode).toBe(200)
    expect((await get(principal)).statusCode).toBe(200)
    const limited = await get(principal)
    expect(limited.statusCode).toBe(429)
    expect(limited.json().errorCode).toBe('HOURLY_APIINVOCATION_LIMIT_EXCEEDED')
    expect(limited.headers['retry-after']).toBe(String(45 * 60))
    expect(limited.headers['x-ratelimit-remaining']).toBe('0')
    const saved = clock
    clock = Date.parse('2026-11-22T11:00:00.000Z')
    try {
      const refreshed = await get(principal)
      expect(refreshed.statusCode).toBe(200)
      expect(refreshed.headers['x-ratelimit-remaining']).toBe('1')
      expect(refreshed.headers['x-ratelimit-reset']).toBe(
        String(Date.parse('2026-11-22T12:00:00.000Z') / 1000),
      )
    } finally {
      clock = saved
    }
  })

  it('lets exactly the limit through when calls arrive concurrently', async () => {
    const principal = await seedPrincipal(service.ctx, { hourlyLimit: 1000, burstLimit: 20 })
    const responses = await Promise.all(Array.from({ length: 50 }, () => get(principal)))
    const statuses = responses.map((response) => response.statusCode)
    expect(statuses.filter((status) => status === 200)).toHaveLength(20)
    expect(statuses.filter((status) => status === 429)).toHaveLength(30)
    const remaining = responses.map((response) => Number(response.headers['x-burstlimit-remaining']))
    expect(new Set(remaining.filter((value) => value > 0)).size).toBe(19)
  })

  it('is exact across two service instances sharing the database with shared counting', async () => {
    const url = await databases.freshUrl()
    const first = await startTestService(url, SHARED, () => clock)
    const second = await startTestService(url, SHARED, () => clock)
    try {
      const principal = await seedPrincipal(first.ctx, { hourlyLimit: 30, burstLimit: 1000 })
      const responses = await Promise.all(
        Array.from({ length: 40 }, (_, i) => get(principal, i % 2 === 0 ? first : second)),
      )
      expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(30)
      const remaining = responses
        .filter((response) => response.statusCode === 200)
        .map((response) => response.headers['x-ratelimit-remaining'])
      expect(new Set(remaining).size).toBe(30)
    } finally {
      await second.close()
      await first.close()
    }
  })

  it('deletes the counters of past hours in a background job, not in a request', async () => {
    const url = await databases.freshUrl()
    const saved = clock
    // Shared counting stores each call at once, so the table can be checked right after the calls.
    const fresh = await startTestService(url, SHARED, () => clock)
    try {
      const principal = await seedPrincipal(fresh.ctx, { hourlyLimit: 1000, burstLimit: 1000 })
      expect((await get(principal, fresh)).statusCode).toBe(200)
      clock += 3 * 3_600_000
      const later = await issueAccessToken(
        fresh.ctx.db,
        { userId: principal.userId, integrationKeyId: principal.integrationKeyId, scopes: ['signature'] },
        clock,
      )
      const response = await get(
        { ...principal, headers: { authorization: `Bearer ${later.accessToken}` } },
        fresh,
      )
      expect(response.statusCode).toBe(200)
      const windows = () =>
        fresh.ctx.db
          .selectFrom('rate_limit_counters')
          .select('window_start')
          .where('account_id', '=', principal.accountId)
          .execute()
      // The background poll may have run the job already; this makes sure it ran.
      await fresh.ctx.jobs.runDue()
      const left = await windows()
      expect(left.every((row) => row.window_start >= saved + 2 * 3_600_000)).toBe(true)
      expect(left.length).toBe(2)
      const job = await fresh.ctx.db
        .selectFrom('jobs')
        .select(['last_started_at', 'next_run_at'])
        .where('name', '=', 'rate-limit-counter-prune')
        .executeTakeFirstOrThrow()
      expect(job.last_started_at).toBe(clock)
      expect(job.next_run_at).toBe(clock + 5 * 60_000)
    } finally {
      clock = saved
      await fresh.close()
    }
  })

  it('keeps the counters of past hours when no job ran', async () => {
    const url = await databases.freshUrl()
    const saved = clock
    const fresh = await startTestService(url, SHARED, () => clock)
    // Stopping the runner leaves requests as the only possible pruner.
    await fresh.ctx.jobs.stop()
    try {
      const principal = await seedPrincipal(fresh.ctx, { hourlyLimit: 1000, burstLimit: 1000 })
      expect((await get(principal, fresh)).statusCode).toBe(200)
      clock += 3 * 3_600_000
      const later = await issueAccessToken(
        fresh.ctx.db,
        { userId: principal.userId, integrationKeyId: principal.integrationKeyId, scopes: ['signature'] },
        clock,
      )
      const response = await get(
        { ...principal, headers: { authorization: `Bearer ${later.accessToken}` } },
        fresh,
      )
      expect(response.statusCode).toBe(200)
      const windows = await fresh.ctx.db
        .selectFrom('rate_limit_counters')
        .select('window_start')
        .where('account_id', '=', principal.accountId)
        .execute()
      expect(windows.length).toBe(4)
    } finally {
      clock = saved
      await fresh.close()
    }
  })

  describe('local counting', () => {
    it('stores the counts on a graceful stop, and a restart continues from them', async () => {
      const url = await databases.freshUrl()
      const first = await startTestService(url, LOCAL, () => clock)
      const principal = await seedPrincipal(first.ctx, { hourlyLimit: 1000, burstLimit: 1000 })
      for (let i = 0; i < 3; i++) expect((await get(principal, first)).statusCode).toBe(200)
      await first.close()
      const restarted = await startTestService(url, LOCAL, () => clock)
      try {
        const counters = await restarted.ctx.db
          .selectFrom('rate_limit_counters')
          .select(['window_kind', 'count'])
          .where('account_id', '=', principal.accountId)
          .orderBy('window_kind')
          .execute()
        expect(counters).toEqual([
          { window_kind: 'burst', count: 3 },
          { window_kind: 'hour', count: 3 },
        ])
        const next = await get(principal, restarted)
        expect(next.headers['x-ratelimit-remaining']).toBe('996')
        expect(next.headers['x-burstlimit-remaining']).toBe('996')
      } finally {
        await restarted.close()
      }
    })
  })

  describe('call counter', () => {
    it('fails every waiting call when the write fails', async () => {
      // A database without the migrations: the upsert fails for lack of the table.
      const unmigrated = connectDatabase<Schema>(await databases.freshUrl())
      try {
        const counter = createSharedCallCounter(unmigrated.db)
        const results = await Promise.allSettled([counter.count('acct', 0, 0), counter.count('acct', 0, 0)])
        expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected'])
      } finally {
        await unmigrated.close()
      }
    })

    it('gives concurrent calls distinct consecutive ordinals from one write', async () => {
      const counter = createSharedCallCounter(service.ctx.db)
      const results = await Promise.all(Array.from({ length: 10 }, () => counter.count('counter-test', 0, 0)))
      expect(results.map((result) => result.hour)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
      expect(results.map((result) => result.burst)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
      const row = await service.ctx.db
        .selectFrom('rate_limit_counters')
        .select('count')
        .where('account_id', '=', 'counter-test')
        .where('window_kind', '=', 'hour')
        .executeTakeFirstOrThrow()
      expect(row.count).toBe(10)
    })
  })
})
