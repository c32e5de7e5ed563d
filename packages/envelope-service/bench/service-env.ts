import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * What every benchmark that runs the service as its own process passes it: the environment of a
 * throwaway data directory, and the node arguments. By default a bench runs what `npm start` runs, the
 * bundle that `scripts/build.mjs` writes, under plain `node --enable-source-maps`. A TypeScript entry
 * (`--main=src/main.ts`, or another checkout's) runs under tsx instead, which is not what users run: tsx
 * compiles on load and keeps function names by wrapping named closures (BENCHMARKS.md, "What users run").
 */

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

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
  if (main) return resolve(main)
  execFileSync(process.execPath, [join(repositoryRoot, 'scripts/build.mjs'), 'envelopes'], {
    stdio: 'inherit',
  })
  return join(repositoryRoot, 'packages/envelope-service/dist/bin/main.js')
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
