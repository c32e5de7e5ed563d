/**
 * CPU time per envelope create: the service's own CPU (all threads, from /proc/<pid>/stat) over a load
 * run of the bench's create scenario, counted until the process is idle again, so the background work
 * the creates set off (the messages job composing and sending invitations, the Connect fan-out) is
 * charged to them too. CPU µs per envelope varies far less with the machine's load than req/s does,
 * which makes it the measure for A/B comparisons on a shared machine (see BENCHMARKS.md, "create after
 * the lifecycle").
 *
 * Usage: npm run bench:create-cpu -w envelope-service -- [--seconds=10] [--rounds=3] [--warmup=3] [--connections=10]
 *   [--transports] (a local SMTP sink and Twilio-shaped SMS receiver, in this process, so every
 *   invitation is really sent) [--main=<path>] (default: this checkout's bundle, built first, as `npm start` runs it; a main.ts
 *   runs under tsx, e.g. another checkout's, for A/B)
 *   [--profile=<dir>] (`--cpu-prof` on the service; the profile covers the whole process life)
 *   [--connect] (an account Connect configuration publishing the signing events, HMAC on, to a local
 *   listener that answers 200, so every create's events are stored, fanned out and delivered).
 */

import {
  autocannon,
  canPin,
  cpuTicks,
  expectStatus,
  formatLoad,
  onFinish,
  pinSelfToCore,
  runBenchmark,
  send,
  waitUntilIdle,
} from 'bench-kit'
import { connectConfigurationBody } from '../src/testing/connect-configuration.js'
import { grantToken, serviceMain, startBenchService } from './service-env.js'
import { envelopeDefinition } from './setup.js'
import { startSmsCounter, startSmtpCounter, startWebhookCounter } from './sinks.js'

const option = (name: string, fallback: string) =>
  process.argv.find((argument) => argument.startsWith(`--${name}=`))?.split('=')[1] ?? fallback
const flag = (name: string) => process.argv.includes(`--${name}`)
const settings = {
  seconds: Number(option('seconds', '10')),
  rounds: Number(option('rounds', '3')),
  warmup: Number(option('warmup', '3')),
  connections: Number(option('connections', '10')),
  transports: flag('transports'),
  connect: flag('connect'),
  main: serviceMain(option('main', '') || undefined),
  profile: option('profile', ''),
}
/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100

async function main() {
  const pin = canPin()
  if (pin) pinSelfToCore()
  const env: Record<string, string> = {}
  const sinks = settings.transports
    ? { smtp: await startSmtpCounter(), sms: await startSmsCounter() }
    : undefined
  if (sinks) {
    onFinish(() => sinks.smtp.close())
    onFinish(() => sinks.sms.close())
    Object.assign(env, {
      SMTP_URL: sinks.smtp.url,
      SMS_PROVIDER_URL: sinks.sms.url,
      SMS_ACCOUNT_SID: 'ACbench',
      SMS_AUTH_TOKEN: 'bench',
      SMS_FROM: '+15005550006',
    })
  }
  const listener = settings.connect ? await startWebhookCounter() : undefined
  if (listener) {
    onFinish(() => listener.close())
    Object.assign(env, { CONNECT_ALLOW_PRIVATE_URLS: 'true' })
  }
  const bench = await startBenchService({
    main: settings.main,
    pin,
    env,
    ...(settings.profile ? { profileDir: settings.profile } : {}),
  })
  const { service, baseUrl, credentials } = bench
  const token = await grantToken(bench)
  if (listener) {
    const configured = await send(
      'POST',
      `${baseUrl}/restapi/v2.1/accounts/${credentials.accountId}/connect`,
      JSON.stringify(connectConfigurationBody(listener.url)),
      { headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } },
    )
    expectStatus(configured, 201, 'Connect configuration')
  }
  const requests = Array.from({ length: 1_000 }, (_, index) => ({
    method: 'POST',
    path: `/restapi/v2.1/accounts/${credentials.accountId}/envelopes`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(envelopeDefinition(credentials, index)),
  }))
  const sample = requests[0] as (typeof requests)[number]
  const created = await send('POST', baseUrl + sample.path, sample.body, { headers: sample.headers })
  expectStatus(created, 201, 'envelope create')
  const run = (seconds: number) =>
    autocannon({ url: baseUrl, connections: settings.connections, duration: seconds, requests })

  console.log(
    `create-cpu: ${settings.main}, transports ${settings.transports ? 'on' : 'off'}, ` +
      `Connect ${settings.connect ? 'on' : 'off'}, load ${formatLoad()}`,
  )
  await run(settings.warmup)
  await waitUntilIdle(service.pid)
  const perEnvelope: number[] = []
  for (let round = 1; round <= settings.rounds; round++) {
    const before = cpuTicks(service.pid)
    const result = await run(settings.seconds)
    const busyTicks = cpuTicks(service.pid) - before
    // Until the background work the round left (invitations, events) is done, then idle.
    await waitUntilIdle(service.pid)
    const allTicks = cpuTicks(service.pid) - before
    const created = result['2xx']
    const us = (ticks: number) => (ticks * 1e6) / TICKS_PER_SECOND / created
    perEnvelope.push(us(allTicks))
    console.log(
      `round ${round}: ${(created / result.duration).toFixed(0)} envelopes/s, ${result.non2xx + result.errors} failed, ` +
        `CPU ${us(busyTicks).toFixed(0)} µs/envelope during the load, ${us(allTicks).toFixed(0)} µs until idle` +
        (sinks ? `; sent so far: ${sinks.smtp.accepted()} emails, ${sinks.sms.accepted()} SMS` : '') +
        (listener ? `; Connect deliveries so far: ${listener.accepted()}` : ''),
    )
  }
  const sorted = [...perEnvelope].sort((a, b) => a - b)
  console.log(
    `median CPU until idle: ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} µs/envelope; load ${formatLoad()}`,
  )
}

runBenchmark('create-cpu', main, 10 * 60_000)
