import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { dirname, join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

export interface ServiceProcess {
  child: ChildProcess
  /** e.g. `http://127.0.0.1:41234` */
  baseUrl: string
  /** Resolves with the first log line (parsed pino JSON) whose `msg` matches. */
  waitForLog(message: string): Promise<Record<string, unknown>>
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<[number | null, NodeJS.Signals | null]>
  /** What the process wrote to stderr so far. */
  stderr(): string
}

/**
 * Starts the real service (`src/main.ts`, as `npm start` does) on a free port and resolves once it
 * listens. Logs at info level as JSON on stdout, which the caller can wait on.
 */
export async function startServiceProcess(
  databaseUrl: string,
  options: { port?: number; ipc?: boolean } = {},
): Promise<ServiceProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: packageDir,
    env: {
      ...process.env,
      PORT: String(options.port ?? 0),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'info',
      SEED_DEMO_DATA: 'false',
    },
    // With an IPC channel, as the launcher (scripts/start-all.mjs) starts it.
    stdio: options.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  })
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>
  const waiters: { message: string; resolve: (line: Record<string, unknown>) => void }[] = []
  const seen: Record<string, unknown>[] = []
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (text) => {
    let line: Record<string, unknown>
    try {
      line = JSON.parse(text) as Record<string, unknown>
    } catch {
      return
    }
    seen.push(line)
    for (const waiter of [...waiters]) {
      if (line.msg === waiter.message) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve(line)
      }
    }
  })
  const waitForLog = (message: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const earlier = seen.find((line) => line.msg === message)
      if (earlier) return resolve(earlier)
      waiters.push({ message, resolve })
      exited.then(([code, signal]) =>
        reject(new Error(`service exited (${code ?? signal}) before logging "${message}": ${stderr}`)),
      )
    })
  const ready = await waitForLog('recipe manager ready')
  return { child, baseUrl: String(ready.address), waitForLog, exited, stderr: () => stderr }
}

/** Sends the signal and waits for the process to end. */
export async function stopServiceProcess(service: ServiceProcess, signal: NodeJS.Signals) {
  if (service.child.exitCode === null && service.child.signalCode === null) service.child.kill(signal)
  return service.exited
}
