import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'

/** The core servers under test run on, and the one the load generator runs on. */
export const SERVER_CORE = 0
export const CLIENT_CORE = 1

/** A server process under test, usually pinned to its own core. */
export interface ServerProcess {
  name: string
  pid: number
  baseUrl: string
  /** The last lines the process wrote, for error messages. */
  output(): string
  stop(): Promise<void>
}

const running = new Set<ChildProcess>()

/** Whether `taskset` exists and the machine has a core for the servers and one for the load generator. */
export function canPin(): boolean {
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' })
  } catch {
    return false
  }
  return Number(execFileSync('nproc', ['--all']).toString().trim()) >= 2
}

/** Pins every thread of this process (where autocannon runs) to `core`. */
export function pinSelfToCore(core = CLIENT_CORE): void {
  execFileSync('taskset', ['-a', '-p', '-c', String(core), String(process.pid)], { stdio: 'ignore' })
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolvePort(port))
    })
  })
}

export interface StartServerOptions {
  name: string
  /** Node arguments (script and its arguments); the child is `node` itself so its pid is the server's. */
  nodeArgs: string[]
  port: number
  env?: Record<string, string>
  cwd?: string
  /** Path polled with GET until it answers 2xx. */
  readyPath: string
  readyTimeoutMs?: number
  /** Pin the child to `core` with taskset. */
  pin: boolean
  core?: number
}

/** Starts a node child process and resolves once `readyPath` answers 2xx; kills it when it does not. */
export async function startServer(options: StartServerOptions): Promise<ServerProcess> {
  const core = options.core ?? SERVER_CORE
  const command = options.pin ? 'taskset' : process.execPath
  const args = options.pin ? ['-c', String(core), process.execPath, ...options.nodeArgs] : options.nodeArgs
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  const lines: string[] = []
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean))
    if (lines.length > 40) lines.splice(0, lines.length - 40)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()))
  child.once('exit', () => running.delete(child))

  const baseUrl = `http://127.0.0.1:${options.port}`
  const server: ServerProcess = {
    name: options.name,
    pid: child.pid ?? -1,
    baseUrl,
    output: () => lines.join('\n'),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await exited
      clearTimeout(killer)
    },
  }

  const readyTimeoutMs = options.readyTimeoutMs ?? 60_000
  const deadline = Date.now() + readyTimeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${options.name} exited during start-up:\n${server.output()}`)
    }
    try {
      const response = await fetch(baseUrl + options.readyPath, { signal: AbortSignal.timeout(2_000) })
      await response.arrayBuffer()
      if (response.ok) return server
    } catch {
      // not listening yet
    }
    await new Promise((resolveDelay) => setTimeout(resolveDelay, 200))
  }
  await server.stop()
  throw new Error(`${options.name} did not become ready within ${readyTimeoutMs} ms:\n${server.output()}`)
}

/** Kills every server still running; safe to call from exit and signal handlers. */
export function killAllServers(): void {
  for (const child of running) child.kill('SIGKILL')
  running.clear()
}

/** Clock ticks per second of /proc's utime and stime (USER_HZ: 100 on every Linux architecture Node runs on). */
export const CLOCK_TICKS_PER_SECOND = 100

/** CPU time (user + system, all threads) a process has used, in clock ticks. */
export function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return Number(fields[11]) + Number(fields[12])
}

/**
 * Waits until the process has stopped working off requests a finished measurement left queued (a slow
 * server keeps executing them after the load generator disconnects), so that work is not charged to
 * whichever server is measured next on the same core. Idle means under 10% of a core for a whole window.
 */
export async function waitUntilIdle(pid: number, timeoutMs = 120_000): Promise<void> {
  const windowMs = 300
  const idleTicks = 3
  const deadline = Date.now() + timeoutMs
  let previous = cpuTicks(pid)
  while (Date.now() < deadline) {
    await new Promise((resolveDelay) => setTimeout(resolveDelay, windowMs))
    const current = cpuTicks(pid)
    if (current - previous <= idleTicks) return
    previous = current
  }
  throw new Error(`process ${pid} stayed busy for ${timeoutMs} ms after a measurement`)
}

/**
 * How much of a process's resident set is pages of files whose path starts with `pathPrefix` (a SQLite
 * database read through a memory map), in MiB, from /proc/<pid>/smaps. Those pages are the kernel's page
 * cache for the file, shared and reclaimable, which `read()` would have filled all the same.
 */
export function residentFileMiB(pid: number, pathPrefix: string): number {
  let kiB = 0
  let counting = false
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line)
    if (mapping) counting = (mapping[1] ?? '').startsWith(pathPrefix)
    else if (counting && line.startsWith('Rss:')) kiB += Number(/(\d+)/.exec(line)?.[1] ?? 0)
  }
  return kiB / 1024
}

/** Resident set size of a process in MiB, from /proc. */
export function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)
  if (!match) throw new Error(`no VmRSS for pid ${pid}`)
  return Number(match[1]) / 1024
}
