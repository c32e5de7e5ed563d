import { mkdtempSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ConversionSandbox } from './sandbox.js'
import { startWarmOffice, type WarmOffice } from './warm-office.js'

/**
 * The warm LibreOffice instances behind the conversion slots (pool.ts): one per slot, started on the
 * slot's first conversion, each in its own directory and sandbox. An instance that dies or is killed at
 * a timeout is replaced at once, so the next conversion finds a running one; an idle instance that does
 * not answer a health check in time is killed and replaced; an instance is also replaced after
 * `restartAfter` conversions, which bounds what a long-running LibreOffice accumulates. When an
 * instance cannot start (no python3-uno, a broken installation) the slot reports none, the caller
 * converts one-shot as before, and the start is retried after a back-off; the log says so once per
 * change.
 */

/** How office documents are converted: by this pool, or one LibreOffice start each (libreoffice.ts). */
export const CONVERSION_POOL_MODES = ['warm', 'one-shot'] as const
export type ConversionPoolMode = (typeof CONVERSION_POOL_MODES)[number]

/** Debian's python3-uno installs `uno` for the system's Python, not for others on PATH. */
export const DEFAULT_PYTHON = '/usr/bin/python3'

export interface ConversionLog {
  info(fields: Record<string, unknown>, message: string): void
  warn(fields: Record<string, unknown>, message: string): void
}

export const silentLog: ConversionLog = { info() {}, warn() {} }

export interface OfficePoolOptions {
  size: number
  command: string
  python: string
  sandbox: ConversionSandbox | undefined
  startTimeoutMs: number
  restartAfter: number
  /** How often an idle instance is asked to answer, and how long it has to: one that does not is replaced. */
  healthCheck: { intervalMs: number; timeoutMs: number }
  log: ConversionLog
}

export interface OfficeInstanceStatus {
  slot: number
  /** The instance's process group, while one is running or starting. */
  pid: number | undefined
  directory: string | undefined
  conversions: number
}

export interface OfficePool {
  /** The slot's running instance, started if need be; undefined while none can start. */
  acquire(slot: number): Promise<WarmOffice | undefined>
  /** After a conversion on `office` (whatever its outcome): replaces it once it has done enough. */
  release(slot: number, office: WarmOffice): void
  status(): OfficeInstanceStatus[]
  close(): Promise<void>
}

/** The first retry of an instance that could not start, doubling up to the maximum. */
const RETRY_MS = 10_000
const MAX_RETRY_MS = 10 * 60_000

interface Slot {
  office: WarmOffice | undefined
  /** Whether `office` has started (it answers requests). */
  ready: boolean
  /** Between acquire and release: a conversion has the instance. */
  busy: boolean
  conversions: number
  failures: number
  retryAt: number
}

export function createOfficePool(options: OfficePoolOptions): OfficePool {
  const slots: Slot[] = Array.from({ length: options.size }, () => ({
    office: undefined,
    ready: false,
    busy: false,
    conversions: 0,
    failures: 0,
    retryAt: 0,
  }))
  let root: string | undefined
  let closed = false
  /** Whether the last start failed: the warning is logged once until an instance starts again. */
  let degraded = false
  /** Created with the first instance: a service that converts nothing leaves nothing behind. */
  const directoryOf = (slot: number) => {
    root ??= mkdtempSync(join(tmpdir(), 'esign-soffice-pool-'))
    return join(root, `instance-${slot}`)
  }

  const start = (slot: number): WarmOffice => {
    const state = slots[slot] as Slot
    const office = startWarmOffice({
      command: options.command,
      python: options.python,
      directory: directoryOf(slot),
      sandbox: options.sandbox,
      startTimeoutMs: options.startTimeoutMs,
    })
    state.office = office
    state.ready = false
    state.conversions = 0
    office.ready.then(
      () => {
        if (state.office === office) state.ready = true
        state.failures = 0
        if (degraded) options.log.info({ slot }, 'LibreOffice conversion pool is running again')
        degraded = false
      },
      async (error: unknown) => {
        if (state.office === office) state.office = undefined
        if (closed) return
        state.failures++
        const retryMs = Math.min(RETRY_MS * 2 ** (state.failures - 1), MAX_RETRY_MS)
        state.retryAt = Date.now() + retryMs
        if (!degraded) {
          options.log.warn(
            { slot, reason: (error as Error).message, retryMs },
            'LibreOffice conversion pool could not start; converting one document per LibreOffice start until it does',
          )
        }
        degraded = true
        // A profile left half-written by a killed instance must not keep the next one from starting.
        await rm(join(directoryOf(slot), 'profile'), { recursive: true, force: true })
      },
    )
    office.exited.then(async () => {
      // Replaced already (recycled), closing, or never started: nothing to do.
      if (closed || state.office !== office) return
      state.office = undefined
      if (
        !(await office.ready.then(
          () => true,
          () => false,
        ))
      )
        return
      options.log.warn({ slot }, 'a LibreOffice conversion instance stopped; starting another')
      start(slot)
    })
    return office
  }

  /**
   * A LibreOffice stuck while idle would otherwise be found only by the timeout of the next conversion
   * it is given; an idle instance that does not answer a trivial call in time is killed (and replaced).
   */
  const checkHealth = async () => {
    for (const [slot, state] of slots.entries()) {
      const office = state.office
      if (!office?.alive || !state.ready || state.busy) continue
      if (await office.ping(options.healthCheck.timeoutMs)) continue
      if (!closed && state.office === office) {
        options.log.warn(
          { slot, timeoutMs: options.healthCheck.timeoutMs },
          'a LibreOffice conversion instance did not answer a health check; replacing it',
        )
      }
    }
  }
  let checking = false
  const healthTimer = setInterval(() => {
    if (checking) return
    checking = true
    checkHealth().finally(() => {
      checking = false
    })
  }, options.healthCheck.intervalMs)
  healthTimer.unref()

  return {
    async acquire(slot) {
      if (closed) return undefined
      const state = slots[slot] as Slot
      let office = state.office
      if (office === undefined || !office.alive) {
        if (Date.now() < state.retryAt) return undefined
        office = start(slot)
      }
      state.busy = true
      const ready = await office.ready.then(
        () => office.alive,
        () => false,
      )
      if (ready) return office
      state.busy = false
      return undefined
    },
    release(slot, office) {
      const state = slots[slot] as Slot
      state.busy = false
      if (state.office !== office) return
      state.conversions++
      if (state.conversions >= options.restartAfter && !closed) {
        office.kill()
        start(slot)
      }
    },
    status() {
      return slots.map((state, slot) => ({
        slot,
        pid: state.office?.pid,
        directory: root === undefined ? undefined : directoryOf(slot),
        conversions: state.conversions,
      }))
    },
    async close() {
      closed = true
      clearInterval(healthTimer)
      const offices = slots.flatMap((state) => (state.office ? [state.office] : []))
      for (const office of offices) office.kill()
      await Promise.all(offices.map((office) => office.exited))
      if (root) await rm(root, { recursive: true, force: true })
    },
  }
}
