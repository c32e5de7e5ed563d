import { closeAgent } from './http-client.js'
import { killAllServers } from './processes.js'

const stopTasks: Array<() => Promise<void>> = []
const exitTasks: Array<() => void> = []

/** Registers a graceful stop (e.g. a server's `stop`) run when the benchmark finishes or fails. */
export function onFinish(stop: () => Promise<void>): void {
  stopTasks.push(stop)
}

/** Registers synchronous clean-up (e.g. removing a temporary directory) run on every exit, signals included. */
export function onExit(task: () => void): void {
  exitTasks.push(task)
}

/**
 * Runs a benchmark's `main` with bounded time and guaranteed clean-up: child servers are stopped (or
 * killed on signals and time-outs), keep-alive sockets closed and exit tasks run; the process exits
 * 0 on success, 1 on failure, 2 past `budgetMs`, 130/143 on SIGINT/SIGTERM.
 */
export function runBenchmark(name: string, main: () => Promise<void>, budgetMs?: number): void {
  const cleanUpNow = () => {
    killAllServers()
    closeAgent()
    for (const task of exitTasks.splice(0)) {
      try {
        task()
      } catch (error) {
        console.error(`${name}: clean-up failed: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
  }
  process.on('exit', cleanUpNow)
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.on(signal, () => {
      console.error(`\n${name}: ${signal}, stopping servers and removing temporary files`)
      process.exit(code)
    })
  }
  if (budgetMs !== undefined) {
    setTimeout(() => {
      console.error(`${name}: exceeded its time budget of ${Math.round(budgetMs / 1000)} s, aborting`)
      process.exit(2)
    }, budgetMs).unref()
  }
  const stopAll = async () => {
    for (const stop of stopTasks.splice(0)) await stop().catch(() => undefined)
  }
  main()
    .then(async () => {
      await stopAll()
      process.exit(0)
    })
    .catch(async (error: unknown) => {
      console.error(
        `${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      )
      await stopAll()
      process.exit(1)
    })
}
