import type { ServerOptions } from 'node:http'
import type { Static } from '@sinclair/typebox'
import { ConfigError, HttpLimitsConfig, loadConfig } from '../config.js'

export interface HttpLimits {
  headersTimeoutMs: number
  requestTimeoutMs: number
  keepAliveTimeoutMs: number
  largeBodyBytes: number
  largeBodyConcurrency: number
}

/** The limits a service's configuration names; an impossible pair stops start-up like any invalid variable. */
export function httpLimitsOf(config: Static<typeof HttpLimitsConfig>): HttpLimits {
  if (config.HTTP_HEADERS_TIMEOUT_MS > config.HTTP_REQUEST_TIMEOUT_MS) {
    // Node refuses a header timeout longer than the request timeout, which bounds it anyway.
    throw new ConfigError([
      `HTTP_HEADERS_TIMEOUT_MS=${config.HTTP_HEADERS_TIMEOUT_MS} is invalid: expected at most HTTP_REQUEST_TIMEOUT_MS (${config.HTTP_REQUEST_TIMEOUT_MS})`,
    ])
  }
  return {
    headersTimeoutMs: config.HTTP_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: config.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    largeBodyBytes: config.LARGE_BODY_BYTES,
    largeBodyConcurrency: config.LARGE_BODY_CONCURRENCY,
  }
}

/** The limits from the environment (their defaults when unset), for services that do not pass their own. */
export const httpLimitsFromEnvironment = (env: Record<string, string | undefined> = process.env) =>
  httpLimitsOf(loadConfig(HttpLimitsConfig, env))

/**
 * Node checks the header and request timeouts only every `connectionsCheckingInterval` (30 s by default),
 * so a 10 s limit would really be up to 40 s; checking at a tenth of the header timeout keeps the cut
 * close to the limit for a cost of one pass over the open connections.
 */
const checkingIntervalOf = (limits: HttpLimits) => Math.max(50, Math.min(1_000, limits.headersTimeoutMs / 10))

/** Options for `http.createServer` / `https.createServer` that only exist at creation. */
export function serverOptionsOf(limits: HttpLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: checkingIntervalOf(limits),
  }
}

const limitsOfApps = new WeakMap<object, HttpLimits>()

/** Remembers the limits an app was created with, for servers added to it later (lifecycle.ts). */
export function rememberLimits(app: object, limits: HttpLimits): void {
  limitsOfApps.set(app, limits)
}

export const limitsOfApp = (app: object): HttpLimits | undefined => limitsOfApps.get(app)
