import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import {
  builtBundle,
  expectStatus,
  freePort,
  onExit,
  onFinish,
  type ServerProcess,
  send,
  startServer,
} from 'bench-kit'
import { bootstrapDemo, type DemoCredentials, raiseAccountLimits, tokenRequestBodies } from './setup.js'

/**
 * What every benchmark that runs the service as its own process passes it: the environment of a
 * throwaway data directory, and the node arguments. By default a bench runs what `npm start` runs, the
 * bundle that `scripts/build.mjs` writes, under plain `node --enable-source-maps`. A TypeScript entry
 * (`--main=src/main.ts`, or another checkout's) runs under tsx instead, which is not what users run: tsx
 * compiles on load and keeps function names by wrapping named closures (BENCHMARKS.md, "What users run").
 */

/** The bench account's hourly and burst limits: far above what a run can send. */
const BENCH_RATE_LIMIT = 1_000_000_000

/** Environment for a service on 127.0.0.1 whose files (demo credentials, seal) live in `tempDir`. */
export function serviceEnv(tempDir: string, databaseUrl: string, baseUrl: string) {
  return {
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    DEMO_CREDENTIALS_FILE: join(tempDir, 'demo-credentials.json'),
    SEAL_DEVELOPMENT_FILE: join(tempDir, 'seal', 'development.p12'),
  }
}

/**
 * The service entry a bench runs: `main` when given (resolved against the current directory), else the
 * bundle of this checkout, built first as `npm start` builds it (the build is skipped by nothing: it
 * takes about a second and guarantees the bundle matches the sources).
 */
export function serviceMain(main: string | undefined): string {
  return main ? resolve(main) : builtBundle('envelopes', 'packages/envelope-service/dist/bin/main.js')
}

/** The package folder of a service entry (its nearest parent with a package.json). */
export function packageDirOf(main: string): string {
  let dir = dirname(resolve(main))
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir)
    if (parent === dir) throw new Error(`no package.json above ${main}`)
    dir = parent
  }
  return dir
}

/**
 * Node arguments running `main`: a bundle under `node --enable-source-maps` as `npm start` does, a
 * TypeScript entry under tsx; with `--cpu-prof` into `profileDir` when one is given.
 */
export function serviceNodeArgs(main: string, profileDir?: string): string[] {
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(profileDir)}`] : []
  return main.endsWith('.ts')
    ? [...profile, '--import', 'tsx', main]
    : [...profile, '--enable-source-maps', main]
}

export interface BenchService {
  service: ServerProcess
  baseUrl: string
  /** The throwaway folder of this service's database and files (removed on exit). */
  tempDir: string
  credentials: DemoCredentials
}

/**
 * Starts `main` as a bench runs the service: a throwaway SQLite database and folder, the demo account
 * bootstrapped by the service's own CLI (so its migrations are the ones the service expects), API limits
 * raised out of the way, then the service pinned like its ceiling and stopped when the bench ends.
 */
export async function startBenchService(options: {
  main: string
  pin: boolean
  /** Extra environment (transports, settings under test). */
  env?: Record<string, string>
  profileDir?: string
  name?: string
}): Promise<BenchService> {
  const tempDir = mkdtempSync(join(tmpdir(), 'envelope-bench-'))
  onExit(() => rmSync(tempDir, { recursive: true, force: true }))
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const env = {
    ...serviceEnv(tempDir, `sqlite:${join(tempDir, 'envelopes.sqlite')}`, baseUrl),
    PORT: String(port),
    ...options.env,
  }
  const packageDir = packageDirOf(options.main)
  const credentials = await bootstrapDemo(packageDir, env)
  await raiseAccountLimits(env.DATABASE_URL, credentials.accountId, BENCH_RATE_LIMIT)
  const service = await startServer({
    name: options.name ?? 'envelope-service',
    nodeArgs: serviceNodeArgs(options.main, options.profileDir),
    cwd: packageDir,
    port,
    env,
    readyPath: '/healthz',
    pin: options.pin,
  })
  onFinish(() => service.stop())
  return { service, baseUrl, tempDir, credentials }
}

/** An access token for the demo user, from a JWT-bearer grant with `assertionBody` (or a fresh one). */
export async function grantToken(bench: BenchService, assertionBody?: string): Promise<string> {
  const body = assertionBody ?? (await tokenRequestBodies(bench.credentials, 1))[0]
  const granted = await send('POST', `${bench.baseUrl}/oauth/token`, body, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
  expectStatus(granted, 200, 'token grant')
  return (JSON.parse(granted.body) as { access_token: string }).access_token
}
