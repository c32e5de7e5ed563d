import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { CeilingRoute } from './ceiling.js'
import { freePort, type ServerProcess, startServer } from './processes.js'

const CEILING_SCRIPT = fileURLToPath(new URL('./ceiling-server.ts', import.meta.url))

export interface StartCeilingOptions {
  routes: readonly CeilingRoute[]
  /** Where the routes file is written (the caller removes it with its temporary directory). */
  tempDir: string
  pin: boolean
  core?: number
  name?: string
}

/** Starts the ceiling server in a child process (under tsx, like the services it is compared with). */
export async function startCeilingServer(options: StartCeilingOptions): Promise<ServerProcess> {
  const routesPath = join(options.tempDir, 'ceiling-routes.json')
  writeFileSync(routesPath, JSON.stringify(options.routes))
  const port = await freePort()
  return startServer({
    name: options.name ?? 'ceiling',
    nodeArgs: ['--import', 'tsx', CEILING_SCRIPT, routesPath],
    port,
    env: { PORT: String(port) },
    readyPath: '/healthz',
    readyTimeoutMs: 30_000,
    pin: options.pin,
    ...(options.core === undefined ? {} : { core: options.core }),
  })
}
