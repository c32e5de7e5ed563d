import { type ChildProcessByStdio, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import type { Readable, Writable } from 'node:stream'
import { fileURLToPath, pathToFileURL } from 'node:url'
import {
  installationOutsideUsr,
  killGroup,
  LibreOfficeError,
  locateSoffice,
  prepareProfile,
} from './libreoffice.js'
import type { ConversionSandbox } from './sandbox.js'

/**
 * One long-running LibreOffice that converts document after document through its UNO pipe, the way
 * unoserver and Gotenberg do: starting soffice costs seconds, a conversion in a running one a fraction
 * of that. Node speaks no UNO, so a small Python bridge (uno-bridge.py, on Debian's python3-uno) starts
 * soffice, connects to it and converts one JSON request line at a time.
 *
 * The bridge and its soffice run in a process group of their own, inside the sandbox when there is one
 * (the same bubblewrap view as a one-shot conversion: the system read-only, plus this instance's own
 * directory holding its profile, its work files and a copy of the bridge script). A conversion past its
 * timeout kills the whole instance (group, or sandbox with its PID namespace): a LibreOffice stuck in a
 * document cannot be trusted with the next one. The instance's profile has the same settings as a
 * one-shot's (no network through unreachable proxies, no linked images), written before every start.
 */

/**
 * The bridge script: beside this file in the sources; from the compiled bundle (`dist/bin/main.js`, two
 * levels below the package like image-script.ts) the same file under `src`.
 */
const BRIDGE =
  ['./uno-bridge.py', '../../src/documents/conversion/uno-bridge.py']
    .map((path) => fileURLToPath(new URL(path, import.meta.url)))
    .find((path) => existsSync(path)) ?? fileURLToPath(new URL('./uno-bridge.py', import.meta.url))

export interface WarmOfficeOptions {
  /** The soffice executable (a name looked up on PATH, or a path). */
  command: string
  /** A Python 3 that can `import uno` (Debian: python3-uno). */
  python: string
  /** This instance's own directory: its profile and its work files live under it. */
  directory: string
  sandbox: ConversionSandbox | undefined
  /** How long soffice may take to accept connections. */
  startTimeoutMs: number
}

export interface WarmOffice {
  /** Settles once: resolves when soffice accepts conversions, rejects with why it could not start. */
  readonly ready: Promise<void>
  /** Resolves when the instance's processes are gone (killed, crashed, or failed to start). */
  readonly exited: Promise<void>
  readonly alive: boolean
  /** The process group of the instance (bwrap's, or the bridge's without a sandbox). */
  readonly pid: number | undefined
  /**
   * One conversion at a time. Rejects with LibreOfficeError: `failed` when LibreOffice cannot read the
   * document, `timeout` after killing the instance, `stopped` when the instance died meanwhile.
   */
  convert(
    bytes: Uint8Array,
    extension: string,
    importFilter: string | undefined,
    timeoutMs: number,
  ): Promise<Uint8Array>
  /**
   * Whether LibreOffice answers a trivial UNO call within `timeoutMs` (after any conversion under way);
   * an instance that does not is killed.
   */
  ping(timeoutMs: number): Promise<boolean>
  /** Kills the instance; `exited` then resolves. */
  kill(): void
}

export class WarmOfficeStartError extends Error {}

interface Reply {
  id?: number
  ready?: boolean
  ok?: boolean
  error?: string
}

export function startWarmOffice(options: WarmOfficeOptions): WarmOffice {
  const profileDir = join(options.directory, 'profile')
  const workDir = join(options.directory, 'work')
  let child: ChildProcessByStdio<Writable, Readable, Readable> | undefined
  let alive = true
  let killed = false
  let stderr = ''
  let nextId = 1
  let nextFile = 1
  let pending: { id: number; settle: (error?: Error) => void } | undefined

  let markExited: () => void = () => {}
  const exited = new Promise<void>((resolve) => {
    markExited = resolve
  })
  let settleReady: (error?: Error) => void = () => {}
  const ready = new Promise<void>((resolve, reject) => {
    settleReady = (error) => (error ? reject(error) : resolve())
  })
  // Callers that never convert (a pool closing early) must not leave the rejection unhandled.
  ready.catch(() => {})
  let started = false

  const kill = () => {
    killed = true
    // Not alive from now on, though `close` comes later: nothing more is sent to it. Killed before it
    // was spawned, the start gives up at its last step and `exited` resolves then, once it writes no
    // more files into the instance's directory.
    alive = false
    if (child) killGroup(child.pid)
  }

  const launch = async () => {
    const executable = await locateSoffice(options.command)
    await prepareProfile(profileDir)
    await rm(workDir, { recursive: true, force: true })
    await mkdir(workDir, { recursive: true })
    // A copy beside the profile: the sandbox then shows no path of the service's own files.
    const bridge = join(options.directory, 'uno-bridge.py')
    await copyFile(BRIDGE, bridge)
    const pipe = `esign-${process.pid}-${randomBytes(6).toString('hex')}`
    const args = [
      bridge,
      executable,
      pathToFileURL(profileDir).href,
      pipe,
      String(options.startTimeoutMs / 1000),
    ]
    const { command, args: commandArgs } = options.sandbox
      ? options.sandbox.wrap(options.python, args, {
          readable: installationOutsideUsr(executable),
          writable: [options.directory],
          env: { HOME: profileDir, SAL_USE_VCLPLUGIN: 'svp' },
        })
      : { command: options.python, args }
    if (killed) throw new WarmOfficeStartError('stopped before it started')
    const process_ = spawn(command, commandArgs, {
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, SAL_USE_VCLPLUGIN: 'svp' },
    })
    child = process_
    process_.stdin.on('error', () => {}) // EPIPE once the instance is gone: `close` reports it.
    process_.stderr.setEncoding('utf8')
    process_.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4096)
    })
    createInterface({ input: process_.stdout }).on('line', (line) => {
      let reply: Reply
      try {
        reply = JSON.parse(line) as Reply
      } catch {
        return
      }
      if (reply.ready) {
        started = true
        settleReady()
      } else if (pending && reply.id === pending.id) {
        pending.settle(
          reply.ok ? undefined : new LibreOfficeError({ kind: 'failed', detail: reply.error ?? '' }),
        )
      }
    })
    process_.on('error', (error: NodeJS.ErrnoException) => {
      settleReady(
        new WarmOfficeStartError(
          error.code === 'ENOENT' ? `"${options.python}" was not found` : error.message,
        ),
      )
    })
    process_.on('close', (code, signal) => {
      alive = false
      // soffice.bin may outlive the bridge on an abnormal exit; the group goes with it.
      killGroup(process_.pid)
      const why = `${stderr.trim().split('\n').slice(-3).join(' ')} (exit ${code ?? signal})`.trim()
      if (!started) settleReady(new WarmOfficeStartError(killed ? 'stopped before it started' : why))
      pending?.settle(new LibreOfficeError({ kind: 'stopped', detail: why }))
      markExited()
    })
  }

  const startTimer = setTimeout(() => {
    if (!started) {
      settleReady(new WarmOfficeStartError(`soffice did not start within ${options.startTimeoutMs} ms`))
      kill()
    }
  }, options.startTimeoutMs + 5_000)
  ready.then(
    () => clearTimeout(startTimer),
    () => clearTimeout(startTimer),
  )
  /** Requests go one at a time: a health check never overlaps a conversion. */
  let turn: Promise<unknown> = Promise.resolve()
  const exclusive = <T>(task: () => Promise<T>): Promise<T> => {
    const result = turn.then(task, task)
    turn = result.catch(() => {})
    return result
  }
  /** One request line and its answer; past `timeoutMs` the instance is killed. */
  const send = (message: Record<string, unknown>, timeoutMs: number, timedOut: () => Error) =>
    new Promise<void>((resolve, reject) => {
      if (!alive || !child) {
        reject(new LibreOfficeError({ kind: 'stopped', detail: 'not running' }))
        return
      }
      const id = nextId++
      const timer = setTimeout(() => {
        pending = undefined
        kill()
        reject(timedOut())
      }, timeoutMs)
      pending = {
        id,
        settle: (error) => {
          clearTimeout(timer)
          pending = undefined
          if (error) reject(error)
          else resolve()
        },
      }
      child.stdin.write(`${JSON.stringify({ id, ...message })}\n`)
    })

  launch().catch((error: unknown) => {
    settleReady(error instanceof Error ? error : new WarmOfficeStartError(String(error)))
    alive = false
    markExited()
  })

  return {
    ready,
    exited,
    get alive() {
      return alive
    },
    get pid() {
      return child?.pid
    },
    convert(bytes, extension, importFilter, timeoutMs) {
      return exclusive(async () => {
        await ready
        const file = nextFile++
        const input = join(workDir, `${file}.${extension}`)
        const output = join(workDir, `${file}.pdf`)
        try {
          await writeFile(input, bytes)
          const request = {
            input: pathToFileURL(input).href,
            output: pathToFileURL(output).href,
            filter: importFilter ?? null,
          }
          await send(request, timeoutMs, () => new LibreOfficeError({ kind: 'timeout', timeoutMs }))
          try {
            return new Uint8Array(await readFile(output))
          } catch {
            throw new LibreOfficeError({ kind: 'failed', detail: 'no PDF was produced' })
          }
        } finally {
          await rm(input, { force: true })
          await rm(output, { force: true })
        }
      })
    },
    ping(timeoutMs) {
      return exclusive(async () => {
        await ready
        await send({ ping: true }, timeoutMs, () => new Error('no answer'))
      }).then(
        () => true,
        () => false,
      )
    },
    kill,
  }
}
