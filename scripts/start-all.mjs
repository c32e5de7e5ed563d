#!/usr/bin/env node
// `npm start` (every service) and `npm run start:recipes` / `start:envelopes` (one): compiles the services
// (scripts/build.mjs), then runs each as one `node` process on the files under the data directory
// (DATA_DIR, default data/ at the repository root), with demo data on first start. The envelope service
// gets HTTPS on a development certificate (the DocuSign SDK requires https for its identity calls), a
// plain-HTTP port on 127.0.0.1 for browsers, and a bootstrapped demo account whose credentials are written
// to the data directory.
//
// Stopping: SIGTERM, SIGINT or SIGHUP to this process (or to npm, or to the whole process group) stops
// every service gracefully. Each service holds an IPC channel to this launcher and shuts down when it
// closes, so a launcher killed with SIGKILL leaves nothing behind; this launcher in turn stops when npm,
// its parent, goes away (npm forwards a signal only to its shell, which dies without passing it on).
//
// Start-up order, so that the services answer as early as they can: the bundles are built first (skipped
// when their inputs are unchanged); then the web pages build while the envelope service's admin steps run
// (certificate, bootstrap); each service starts as soon as what it needs is ready, and the banner follows
// once every service answers. Builds run in child processes: the launcher that stays running never loads
// Vite or esbuild (which held about 200 MiB of its memory for as long as the services ran).
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { resolve } from 'node:path'
import { outputOf, pages } from './build.mjs'

const root = resolve(import.meta.dirname, '..')
const known = ['recipes', 'envelopes', 'automation']
const requested = process.argv.slice(2)
const unknown = requested.filter((name) => !known.includes(name))
if (unknown.length > 0) {
  console.error(`start: unknown service ${unknown.join(', ')}; known: ${known.join(', ')}`)
  process.exit(2)
}
const selected = requested.length > 0 ? requested : known

// Relative to where the command was typed: npm passes that as INIT_CWD (`npm run -w` moves to the package).
const data = process.env.DATA_DIR
  ? resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR)
  : resolve(root, 'data')
mkdirSync(data, { recursive: true })

const startedAt = performance.now()
const nodeArgs = ['--enable-source-maps']
let stopping = false
let exitCode = 0
const children = []

/** Runs node with `args`; resolves with its stdout when it exits 0, else stops the launcher. */
function runNode(args, { env = process.env, what } = {}) {
  return new Promise((resolveRun) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'inherit'] })
    let stdout = ''
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      stdout += chunk
    })
    child.on('exit', (code, signal) => {
      if (code === 0) return resolveRun(stdout)
      console.error(`start: ${what} failed (${signal ?? code}; see above)`)
      stop('SIGTERM', code || 1)
    })
  })
}
const buildScript = resolve(root, 'scripts/build.mjs')
const bundles = [
  ...selected,
  ...(selected.includes('envelopes') || selected.includes('automation') ? ['admin'] : []),
]
await runNode([buildScript, '--bundles', ...bundles], { what: 'the build' })
const pagesBuilt = runNode([buildScript, '--pages', ...selected.filter((name) => pages[name])], {
  what: 'the build',
})

// One rule for ports: `<SERVICE>_PORT` (RECIPES_PORT, ENVELOPES_PORT and ENVELOPES_HTTP_PORT,
// AUTOMATION_PORT) always; a service started alone (`npm run start:<service>`) also takes its own
// variables, `PORT` (and `HTTP_PORT` for the envelope service's browser port). Under `npm start`, `PORT`
// is ignored: it cannot be three services' port.
const alone = selected.length === 1
const portOf = (variable, own, fallback) =>
  process.env[variable] ?? (alone ? process.env[own] : undefined) ?? fallback
const envelopePort = portOf('ENVELOPES_PORT', 'PORT', '8443')
const browserPort = portOf('ENVELOPES_HTTP_PORT', 'HTTP_PORT', '8080')
const publicUrl = process.env.PUBLIC_URL ?? `https://localhost:${envelopePort}`
const tlsDir = resolve(data, 'tls')
const credentialsFile = resolve(data, 'demo-credentials.json')
const sharedEnv = { ...process.env, DATA_DIR: data }
const automationPort = portOf('AUTOMATION_PORT', 'PORT', '3100')
const envelopeEnv = {
  ...sharedEnv,
  PORT: envelopePort,
  HTTP_PORT: browserPort,
  // Development: invitations land in the mailbox page unless SMTP_URL / an SMS provider is configured, and
  // Connect may publish to the console on this machine.
  DEV_MAILBOX: process.env.DEV_MAILBOX ?? 'true',
  CONNECT_ALLOW_PRIVATE_URLS: process.env.CONNECT_ALLOW_PRIVATE_URLS ?? 'true',
  ...(process.env.ENVELOPES_DATABASE_URL ? { DATABASE_URL: process.env.ENVELOPES_DATABASE_URL } : {}),
  PUBLIC_URL: publicUrl,
  // Signing links open in a browser, which does not trust the development CA: the plain-HTTP origin.
  SIGNING_URL:
    process.env.SIGNING_URL ?? (browserPort === '0' ? publicUrl : `http://127.0.0.1:${browserPort}`),
  TLS_CERT_FILE: resolve(tlsDir, 'server.crt'),
  TLS_KEY_FILE: resolve(tlsDir, 'server.key'),
}
const automationEnv = {
  ...sharedEnv,
  PORT: automationPort,
  ...(process.env.AUTOMATION_DATABASE_URL ? { DATABASE_URL: process.env.AUTOMATION_DATABASE_URL } : {}),
}
// The console's demo user: a password generated on first start and kept in the data directory, readable
// only by its owner; the console creates the user from this file when its database does not have it.
const consoleUserFile = resolve(data, 'console-demo-user.json')
if (selected.includes('automation')) {
  if (!existsSync(consoleUserFile)) {
    const demoUser = { username: 'demo', password: randomBytes(18).toString('base64url') }
    writeFileSync(consoleUserFile, `${JSON.stringify(demoUser)}\n`, { mode: 0o600 })
  }
  automationEnv.CONSOLE_DEMO_USER_FILE = consoleUserFile
}
const recipesEnv = {
  ...sharedEnv,
  PORT: portOf('RECIPES_PORT', 'PORT', '3000'),
  ...(process.env.RECIPES_DATABASE_URL ? { DATABASE_URL: process.env.RECIPES_DATABASE_URL } : {}),
}

const admin = (args) =>
  runNode([...nodeArgs, outputOf('admin'), ...args], {
    env: envelopeEnv,
    what: `envelope-service admin ${args[0]}`,
  })

let demoSignIn
/** The envelope service's admin steps; resolves when the envelope service and the console may start. */
async function prepareEnvelopes() {
  if (!existsSync(resolve(tlsDir, 'server.crt'))) {
    await admin(['dev-cert', '--out', tlsDir])
    console.log(
      `Created a development CA and certificate in ${tlsDir} (trust ca.crt via NODE_EXTRA_CA_CERTS)`,
    )
  }
  const firstStart = !existsSync(credentialsFile)
  const webhook = selected.includes('automation')
    ? ['--webhook-url', `http://127.0.0.1:${automationPort}/connect/envelope-events`]
    : []
  const credentials = JSON.parse(await admin(['bootstrap', '--json', ...webhook]))
  if (firstStart) console.log(`Bootstrapped the demo account; SDK credentials are in ${credentialsFile}`)
  // The console verifies the service's Connect deliveries with the secret bootstrap gave the webhook.
  if (credentials.webhook) automationEnv.CONNECT_HMAC_SECRET = credentials.webhook.secret
  demoSignIn = credentials.demoUser
}
const envelopesPrepared = selected.includes('envelopes') ? prepareEnvelopes() : Promise.resolve()

const services = [
  { name: 'recipes', env: recipesEnv, ports: [recipesEnv.PORT], after: [pagesBuilt] },
  {
    name: 'envelopes',
    env: envelopeEnv,
    ports: [envelopePort, browserPort],
    after: [pagesBuilt, envelopesPrepared],
  },
  {
    name: 'automation',
    env: automationEnv,
    ports: [automationPort],
    after: [pagesBuilt, envelopesPrepared],
  },
].filter((service) => selected.includes(service.name))

function startService(service) {
  if (stopping) return
  const child = spawn(process.execPath, [...nodeArgs, outputOf(service.name)], {
    env: service.env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${service.name} exited (${signal ?? code}); stopping the others`)
      stop('SIGTERM', code || 1)
    }
  })
  children.push(child)
}

const running = (child) => child.exitCode === null && child.signalCode === null
function stop(signal, code = 0) {
  if (stopping) return
  stopping = true
  exitCode = code
  for (const child of children) if (running(child)) child.kill(signal)
  // Each service bounds its own shutdown (10 s); this is the backstop for one that hangs anyway.
  setTimeout(() => {
    for (const child of children) if (running(child)) child.kill('SIGKILL')
  }, 15_000).unref()
  Promise.all(
    children.map((child) => (running(child) ? new Promise((r) => child.once('exit', r)) : null)),
  ).then(() => process.exit(exitCode || (children.some((child) => child.exitCode !== 0) ? 1 : 0)))
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop('SIGTERM'))

// npm runs this launcher through `sh -c`; when npm is stopped, the shell dies and this process is handed
// to init (or a subreaper): a new parent pid means nobody is waiting for us any more.
const parent = process.ppid
setInterval(() => {
  if (process.ppid !== parent) stop('SIGTERM')
}, 500).unref()

/** Resolves once something accepts connections on 127.0.0.1:`port` (port 0: nothing to wait for). */
async function answering(port) {
  while (port !== '0' && !stopping) {
    const open = await new Promise((resolveTry) => {
      const socket = connect(Number(port), '127.0.0.1')
      socket.once('connect', () => resolveTry(true) || socket.destroy())
      socket.once('error', () => resolveTry(false))
    })
    if (open) return
    await new Promise((wait) => setTimeout(wait, 100))
  }
}

await Promise.all(
  services.map(async (service) => {
    await Promise.all(service.after)
    startService(service)
    await Promise.all(service.ports.map(answering))
  }),
)

if (selected.includes('recipes')) {
  console.log(`Recipe manager:   http://127.0.0.1:${recipesEnv.PORT}/  (the web app; API explorer at /docs)`)
}
if (selected.includes('envelopes')) {
  console.log(
    `Envelope service: http://127.0.0.1:${browserPort}/restapi/docs  (in a browser, on this machine)`,
  )
  console.log(
    `                  ${publicUrl}/restapi/docs  (HTTPS, for the SDK; credentials: ${credentialsFile})`,
  )
}
if (selected.includes('envelopes')) {
  console.log(
    `Dev mailbox:      http://127.0.0.1:${browserPort}/dev/mailbox  (invitations and SMS land here)`,
  )
  console.log(
    `Sender's web app: http://127.0.0.1:${browserPort}/app/  (follow envelopes, build templates, send)`,
  )
  console.log(
    `                  sign in as ${demoSignIn.email}, password ${demoSignIn.password}  (kept in ${credentialsFile})`,
  )
}
if (selected.includes('automation')) {
  const demoUser = JSON.parse(readFileSync(consoleUserFile, 'utf8'))
  console.log(`CRM console:      http://127.0.0.1:${automationPort}/  (send cases for signature)`)
  console.log(
    `                  sign in as ${demoUser.username}, password ${demoUser.password}  (kept in ${consoleUserFile}; more users: npm run cli -w envelope-automation -- user add <name>)`,
  )
}
console.log(`Data directory:   ${data}`)
console.log(`Ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`)
