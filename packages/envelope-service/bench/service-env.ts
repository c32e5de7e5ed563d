import { join, resolve } from 'node:path'

/**
 * What every benchmark that runs the service as its own process (`src/main.ts` under tsx) passes it:
 * the environment of a throwaway data directory, and the node arguments.
 */

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

/** Node arguments running `main` under tsx, with `--cpu-prof` into `profileDir` when one is given. */
export function serviceNodeArgs(main: string, profileDir?: string): string[] {
  return [
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(profileDir)}`] : []),
    '--import',
    'tsx',
    main,
  ]
}
