#!/usr/bin/env node
// Compiles each service's entry points into one JavaScript file per entry under packages/<service>/dist,
// so a running service is one plain `node` process: no TypeScript loader, no esbuild service beside it.
// The workspace packages (platform, esign-contract, ...) are bundled in, because their package.json
// exports point at TypeScript sources; every npm dependency stays an import resolved from node_modules.
// Work whose inputs have not changed is skipped: each output has a stamp (dist/.stamps/<name>.json) holding
// the files it was built from and a hash of their contents, of this script and of package-lock.json.
// `node scripts/build.mjs [entry...]` builds the named entries (all by default), `--pages` only their web
// pages and `--bundles` only their bundles; `npm start` runs it in a child process, so the launcher that
// stays running never loads Vite or esbuild. Progress goes to stderr (stdout stays the caller's).
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const root = resolve(import.meta.dirname, '..')

/**
 * What can be built: name -> [package folder, TypeScript entry, output file inside the package]. Outputs
 * sit two levels below the package like `src/<domain>/<file>.ts`, so a path written relative to
 * `import.meta.url` (e.g. `../../dist/signing`) points at the same place from the source and the bundle.
 */
export const entries = {
  recipes: ['recipe-manager', 'src/main.ts', 'dist/bin/main.js'],
  envelopes: ['envelope-service', 'src/main.ts', 'dist/bin/main.js'],
  admin: ['envelope-service', 'src/admin/cli.ts', 'dist/bin/admin.js'],
  automation: ['envelope-automation', 'src/main.ts', 'dist/bin/console.js'],
}

/** The compiled file of an entry. */
export const outputOf = (name) => resolve(root, 'packages', entries[name][0], entries[name][2])

const workspaceNames = new Set(
  readdirSync(resolve(root, 'packages')).flatMap((folder) => {
    try {
      return [JSON.parse(readFileSync(resolve(root, 'packages', folder, 'package.json'), 'utf8')).name]
    } catch {
      return []
    }
  }),
)

/** Keeps every import of an npm package (and of node:*) external; bundles the workspace packages. */
const externalDependencies = {
  name: 'external-dependencies',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      const parts = args.path.split('/')
      const name = args.path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
      return workspaceNames.has(name) ? undefined : { path: args.path, external: true }
    })
  },
}

/**
 * Browser pages a service serves, built with Vite (a runtime dependency of the service) when their inputs
 * changed: name -> a list of [Vite config, output folder, source folder, label].
 */
export const pages = {
  recipes: [
    [
      'packages/recipe-manager/web/vite.config.ts',
      'packages/recipe-manager/dist/web',
      'packages/recipe-manager/web',
      'recipe web app',
    ],
  ],
  envelopes: [
    [
      'packages/envelope-service/web/signing/vite.config.ts',
      'packages/envelope-service/dist/signing',
      'packages/envelope-service/web/signing',
      'signing page',
    ],
    [
      'packages/envelope-service/web/app/vite.config.ts',
      'packages/envelope-service/dist/app',
      'packages/envelope-service/web/app',
      "sender's web app",
    ],
  ],
  automation: [
    [
      'packages/envelope-automation/web/vite.config.ts',
      'packages/envelope-automation/dist/console',
      'packages/envelope-automation/web',
      'CRM console',
    ],
  ],
}

const progress = (line) => process.stderr.write(`build: ${line}\n`)
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`

const filesUnder = (path) =>
  readdirSync(path, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(path, entry.name)) : [join(path, entry.name)],
  )

/** What every output also depends on: how it is built, and the npm dependencies it was built with. */
const common = [resolve(root, 'scripts/build.mjs'), resolve(root, 'package-lock.json')]

/** A hash of the files' names and contents; null when one of them is gone. */
function hashOf(files) {
  const hash = createHash('sha256')
  for (const file of [...new Set([...common, ...files])].sort()) {
    if (!existsSync(file)) return null
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0')
  }
  return hash.digest('hex')
}

/** The stamp of an output: in the output's package, under dist/.stamps (never inside a served folder). */
const stampOf = (folder, name) => resolve(root, 'packages', folder, 'dist/.stamps', `${name}.json`)

/** The output as this build left it: a build by other means (an older checkout, a tool) changes it. */
const outputMark = (output) => {
  const { size, mtimeMs } = statSync(output)
  return `${size}:${mtimeMs}`
}

/** Whether `output` exists, as the last build left it, and was built from the files its stamp lists, unchanged since. */
function upToDate(stamp, output) {
  if (!existsSync(stamp) || !existsSync(output)) return false
  try {
    const { files, hash, output: mark } = JSON.parse(readFileSync(stamp, 'utf8'))
    return mark === outputMark(output) && hashOf(files.map((file) => resolve(root, file))) === hash
  } catch {
    return false
  }
}

function writeStamp(stamp, output, files) {
  mkdirSync(dirname(stamp), { recursive: true })
  const absolute = [...new Set(files.map((file) => resolve(root, file)))]
  const listed = absolute.map((file) => relative(root, file)).sort()
  const content = { hash: hashOf(absolute), output: outputMark(output), files: listed }
  writeFileSync(stamp, `${JSON.stringify(content, null, 1)}\n`)
}

/** Builds the web pages of a service (Vite), each unless its inputs are unchanged. */
async function buildPages(name) {
  for (const page of pages[name]) await buildPage(name, page)
}

async function buildPage(name, [config, output, sources, label]) {
  if (!existsSync(resolve(root, config))) return
  const stamp = stampOf(entries[name][0], `page-${basename(output)}`)
  const index = resolve(root, output, 'index.html')
  if (upToDate(stamp, index)) return progress(`${label}: unchanged`)
  const since = performance.now()
  progress(`${label}: building...`)
  const vite = await import('vite')
  // Vite takes NODE_ENV as it finds it, and the test runner sets it to `test`: pages built by a test (the
  // browser tests build what is missing) came out with React's development build, 142 KB gzipped instead
  // of 80 for the recipe app, and `npm start` then served them as they were. A page is built for
  // production whoever asks.
  const callerNodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  let result
  try {
    result = await vite.build({ configFile: resolve(root, config), mode: 'production' })
  } finally {
    if (callerNodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = callerNodeEnv
  }
  // Every source file Rollup bundled (some live outside the page's folder, e.g. shared schemas), plus the
  // page's own folder and its configuration; node_modules is covered by package-lock.json.
  const outputs = Array.isArray(result) ? result : [result]
  const bundled = outputs.flatMap((output) =>
    (output.output ?? []).flatMap((chunk) => (chunk.type === 'chunk' ? chunk.moduleIds : [])),
  )
  const inputs = bundled
    .map((id) => id.split('?')[0])
    .filter((id) => id.startsWith(root) && !id.includes('/node_modules/') && existsSync(id))
  writeStamp(stamp, index, [...inputs, ...filesUnder(resolve(root, sources)), resolve(root, config)])
  progress(`${label}: built in ${seconds(since)}`)
}

/** Bundles the named entries with esbuild, each unless its inputs are unchanged. */
export async function buildBundles(names) {
  const stale = names.filter((name) => !upToDate(stampOf(entries[name][0], name), outputOf(name)))
  if (stale.length === 0) return progress(`${names.join(', ')}: unchanged`)
  const since = performance.now()
  progress(`bundling ${stale.join(', ')}...`)
  const esbuild = await import('esbuild')
  try {
    await Promise.all(
      stale.map(async (name) => {
        const [folder, source] = entries[name]
        const result = await esbuild.build({
          entryPoints: [resolve(root, 'packages', folder, source)],
          outfile: outputOf(name),
          bundle: true,
          platform: 'node',
          format: 'esm',
          target: 'node20.19',
          sourcemap: 'linked',
          logLevel: 'warning',
          metafile: true,
          absWorkingDir: root,
          plugins: [externalDependencies],
        })
        writeStamp(stampOf(folder, name), outputOf(name), Object.keys(result.metafile.inputs))
      }),
    )
  } finally {
    // esbuild's API runs a helper process; it must not outlive the build.
    await esbuild.stop()
  }
  progress(`bundled ${stale.join(', ')} in ${seconds(since)}`)
}

/** Builds the named entries (pages, then bundles); resolves when written, throws with the tools' messages. */
export async function build(names = Object.keys(entries), { pagesOnly = false, bundlesOnly = false } = {}) {
  if (!bundlesOnly) for (const name of names) if (pages[name]) await buildPages(name)
  if (!pagesOnly) await buildBundles(names)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2)
  const names = args.filter((arg) => !arg.startsWith('--'))
  const unknown = names.filter((name) => !(name in entries))
  if (unknown.length > 0) {
    console.error(`build: unknown entry ${unknown.join(', ')}; known: ${Object.keys(entries).join(', ')}`)
    process.exit(2)
  }
  try {
    await build(names.length > 0 ? names : undefined, {
      pagesOnly: args.includes('--pages'),
      bundlesOnly: args.includes('--bundles'),
    })
  } catch (error) {
    // esbuild and Vite have already printed what failed, with file and line.
    if (!(error instanceof Error && 'errors' in error)) console.error(error)
    process.exit(1)
  }
}
