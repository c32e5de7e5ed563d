import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { afterEach, describe, expect, it } from 'vitest'

// The launcher behind `npm start` (scripts/start-all.mjs), here with the recipe manager alone: it
// compiles the service and runs it as one plain node process.
const repository = resolve(import.meta.dirname, '../../..')
const directories: string[] = []
const started: ChildProcess[] = []
afterEach(() => {
  for (const child of started.splice(0))
    if (child.pid && alive(child.pid)) process.kill(-child.pid, 'SIGKILL')
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true })
})

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function gone(pid: number, withinMs = 15_000): Promise<boolean> {
  const deadline = Date.now() + withinMs
  while (alive(pid)) {
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return true
}

/** Starts `command` in its own process group and resolves with the service's pid and address once it is ready. */
async function launch(command: string, args: string[]) {
  const dataDir = mkdtempSync(join(tmpdir(), 'launcher-'))
  directories.push(dataDir)
  const child = spawn(command, args, {
    cwd: repository,
    env: { ...process.env, DATA_DIR: dataDir, RECIPES_PORT: '0', LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  })
  started.push(child)
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>
  const ready = await new Promise<{ pid: number; address: string }>((resolvePromise, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (text) => {
      if (!text.startsWith('{')) return
      const line = JSON.parse(text) as { msg?: string; pid: number; address: string; database: string }
      if (line.msg === 'recipe manager ready') {
        expect(line.database).toBe(`sqlite:${join(dataDir, 'recipes.db')}`)
        resolvePromise(line)
      }
    })
    exited.then(([code]) => reject(new Error(`launcher exited with ${code} before the service was ready`)))
  })
  return { child, exited, service: ready }
}

describe('the launcher (scripts/start-all.mjs)', () => {
  it('runs the service as one node process on the compiled JavaScript', async () => {
    const { child, service } = await launch(process.execPath, ['scripts/start-all.mjs', 'recipes'])
    expect((await fetch(`${service.address}/healthz`)).status).toBe(200)
    const { stdout } = spawnSync('ps', ['-o', 'args=', '-g', String(child.pid)], { encoding: 'utf8' })
    // The launcher and the service; on a first start the web app's build may still be running beside
    // them (the service starts while it builds), so only the service's processes are counted.
    const processes = stdout.trim().split('\n')
    const services = processes.filter((args) => /packages\/recipe-manager\/(src|dist)\//.test(args))
    expect(services).toHaveLength(1)
    expect(services[0]).toMatch(/node .*packages\/recipe-manager\/dist\/bin\/main\.js$/)
  })

  it('stops the service gracefully on SIGTERM and exits with 0', async () => {
    const { child, exited, service } = await launch(process.execPath, ['scripts/start-all.mjs', 'recipes'])
    child.kill('SIGTERM')
    expect(await exited).toEqual([0, null])
    expect(await gone(service.pid)).toBe(true)
  })

  it('leaves no service behind when it is killed with SIGKILL', async () => {
    const { child, service } = await launch(process.execPath, ['scripts/start-all.mjs', 'recipes'])
    child.kill('SIGKILL')
    expect(await gone(service.pid)).toBe(true)
  })

  it('stops with everything else when SIGTERM reaches npm only', async () => {
    const { child, service } = await launch('npm', ['run', '--silent', 'start:recipes'])
    child.kill('SIGTERM')
    expect(await gone(service.pid)).toBe(true)
    expect(await gone(child.pid as number)).toBe(true)
  })

  it('stops every process of the group on SIGINT to the group, as Ctrl-C in a terminal does', async () => {
    const { child, exited, service } = await launch(process.execPath, ['scripts/start-all.mjs', 'recipes'])
    process.kill(-(child.pid as number), 'SIGINT')
    expect(await exited).toEqual([0, null])
    expect(await gone(service.pid)).toBe(true)
  })
})
