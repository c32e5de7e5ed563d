#!/usr/bin/env node
// `npm start`: runs every service on embedded SQLite under ./data, with demo data on first start.
// The envelope service gets HTTPS on a development certificate (the DocuSign SDK requires https for
// its identity calls) and a bootstrapped demo account whose credentials are written to ./data.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const data = resolve(root, 'data')
const tsx = resolve(root, 'node_modules/.bin/tsx')
mkdirSync(data, { recursive: true })

const envelopePort = process.env.ENVELOPES_PORT ?? '8443'
const publicUrl = process.env.PUBLIC_URL ?? `https://localhost:${envelopePort}`
const tlsDir = resolve(data, 'tls')
const credentialsFile = resolve(data, 'demo-credentials.json')
const envelopeEnv = {
  ...process.env,
  PORT: envelopePort,
  DATABASE_URL: process.env.ENVELOPES_DATABASE_URL ?? `sqlite:${resolve(data, 'envelopes.db')}`,
  PUBLIC_URL: publicUrl,
  TLS_CERT_FILE: resolve(tlsDir, 'server.crt'),
  TLS_KEY_FILE: resolve(tlsDir, 'server.key'),
  DEMO_CREDENTIALS_FILE: credentialsFile,
}

function admin(args) {
  const result = spawnSync(tsx, ['src/admin/cli.ts', ...args], {
    cwd: resolve(root, 'packages/envelope-service'),
    env: envelopeEnv,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  })
  if (result.status !== 0) {
    console.error(`envelope-service admin ${args[0]} failed`)
    process.exit(result.status ?? 1)
  }
  return result.stdout
}

if (!existsSync(resolve(tlsDir, 'server.crt'))) {
  admin(['dev-cert', '--out', tlsDir])
  console.log(`Created a development CA and certificate in ${tlsDir} (trust ca.crt via NODE_EXTRA_CA_CERTS)`)
}
const firstStart = !existsSync(credentialsFile)
admin(['bootstrap', '--json'])
if (firstStart) console.log(`Bootstrapped the demo account; SDK credentials are in ${credentialsFile}`)

const services = [
  {
    name: 'recipes',
    cwd: resolve(root, 'packages/recipe-manager'),
    env: {
      ...process.env,
      PORT: process.env.RECIPES_PORT ?? process.env.PORT ?? '3000',
      DATABASE_URL: process.env.RECIPES_DATABASE_URL ?? `sqlite:${resolve(data, 'recipes.db')}`,
    },
  },
  { name: 'envelopes', cwd: resolve(root, 'packages/envelope-service'), env: envelopeEnv },
]

const children = services.map((service) => {
  const child = spawn(tsx, ['src/main.ts'], { cwd: service.cwd, env: service.env, stdio: 'inherit' })
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${service.name} exited (${signal ?? code}); stopping the others`)
      stop('SIGTERM', code ?? 1)
    }
  })
  return child
})

console.log(`Recipe manager:   http://127.0.0.1:${services[0].env.PORT}/docs`)
console.log(`Envelope service: ${publicUrl}/restapi/docs  (credentials: ${credentialsFile})`)

let stopping = false
function stop(signal, exitCode = 0) {
  stopping = true
  for (const child of children) if (child.exitCode === null) child.kill(signal)
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.on('exit', r)) : null))).then(
    () => process.exit(exitCode),
  )
}
process.on('SIGINT', () => stop('SIGTERM'))
process.on('SIGTERM', () => stop('SIGTERM'))
