#!/usr/bin/env node
// `npm run bench:start [-- --first] [-- --runs N]`: how long `npm start` takes until every port answers,
// and the memory of its processes once they run. `--first` measures a start right after `npm ci`: no
// build output (packages/*/dist removed) and an empty data directory. Each run uses free ports and its
// own data directory, so it can run beside another `npm start`.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const first = process.argv.includes('--first')
const runsAt = process.argv.indexOf('--runs')
const runs = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 3

const freePort = () =>
  new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => done(port))
    })
  })
const answers = (port) =>
  new Promise((done) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => done(true) || socket.destroy())
    socket.once('error', () => done(false))
  })

/** RSS in MiB of every process in the group, by pid, with its command line. */
function groupMemory(group) {
  const { stdout } = spawnSync('ps', ['-o', 'pid=,rss=,args=', '-g', String(group)], { encoding: 'utf8' })
  return stdout
    .trim()
    .split('\n')
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/))
    .filter(Boolean)
    .map(([, pid, rss, args]) => ({ pid: Number(pid), mib: Number(rss) / 1024, args }))
}

// A second start reuses the data directory of the first (its databases, certificate and credentials).
const sharedData = first ? null : mkdtempSync(join(tmpdir(), 'time-start-'))

async function once() {
  if (first)
    for (const pkg of ['recipe-manager', 'envelope-service', 'envelope-automation'])
      rmSync(join(root, 'packages', pkg, 'dist'), { recursive: true, force: true })
  const dataDir = sharedData ?? mkdtempSync(join(tmpdir(), 'time-start-'))
  const ports = {
    RECIPES_PORT: await freePort(),
    ENVELOPES_PORT: await freePort(),
    ENVELOPES_HTTP_PORT: await freePort(),
    AUTOMATION_PORT: await freePort(),
  }
  const started = performance.now()
  const npm = spawn('npm', ['start'], {
    cwd: root,
    env: {
      ...process.env,
      ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  })
  const waiting = new Set(Object.values(ports))
  while (waiting.size > 0) {
    for (const port of [...waiting]) if (await answers(port)) waiting.delete(port)
    await new Promise((wait) => setTimeout(wait, 50))
  }
  const seconds = (performance.now() - started) / 1000
  // Memory once the services have settled a little.
  await new Promise((wait) => setTimeout(wait, 3000))
  const processes = groupMemory(npm.pid)
  process.kill(-npm.pid, 'SIGTERM')
  await new Promise((done) => npm.once('exit', done))
  if (!sharedData) rmSync(dataDir, { recursive: true, force: true })
  return { seconds, processes }
}

const { stdout: load } = spawnSync('cat', ['/proc/loadavg'], { encoding: 'utf8' })
console.log(`${first ? 'first' : 'second'} start, ${runs} runs, load average before: ${load.trim()}`)
for (let run = 0; run < runs; run++) {
  // A second start: the build output of a first start is there (the warm-up run below makes sure).
  if (!first && run === 0) await once()
  const { seconds, processes } = await once()
  const total = processes.reduce((sum, p) => sum + p.mib, 0)
  console.log(
    `run ${run + 1}: every port answers in ${seconds.toFixed(1)} s; ${processes.length} processes, ${total.toFixed(0)} MiB RSS`,
  )
  for (const p of processes) console.log(`  ${p.mib.toFixed(0).padStart(4)} MiB  ${p.args.slice(0, 110)}`)
}
if (sharedData) rmSync(sharedData, { recursive: true, force: true })
