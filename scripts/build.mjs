#!/usr/bin/env node
// Compiles each service's entry points into one JavaScript file per entry under packages/<service>/dist,
// so a running service is one plain `node` process: no TypeScript loader, no esbuild service beside it.
// The workspace packages (platform, esign-contract, ...) are bundled in, because their package.json
// exports point at TypeScript sources; every npm dependency stays an import resolved from node_modules.
// `node scripts/build.mjs [entry...]` builds the named entries (all by default); `npm start` runs it first.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
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
 * Browser pages a service serves, built with Vite (a runtime dependency of the service) when their output
 * is missing or older than their sources: name -> [Vite config, output folder, source folder].
 */
const pages = {
  recipes: [
    'packages/recipe-manager/web/vite.config.ts',
    'packages/recipe-manager/dist/web',
    'packages/recipe-manager/web',
  ],
  envelopes: [
    'packages/envelope-service/web/signing/vite.config.ts',
    'packages/envelope-service/dist/signing',
    'packages/envelope-service/web/signing',
  ],
  // The envelope service's second page, built with the same entry: its sender's web app.
  'envelopes-app': [
    'packages/envelope-service/web/app/vite.config.ts',
    'packages/envelope-service/dist/app',
    'packages/envelope-service/web/app',
  ],
  automation: [
    'packages/envelope-automation/web/vite.config.ts',
    'packages/envelope-automation/dist/console',
    'packages/envelope-automation/web',
  ],
}

const newestChange = (path) =>
  statSync(path).isDirectory()
    ? Math.max(0, ...readdirSync(path).map((entry) => newestChange(join(path, entry))))
    : statSync(path).mtimeMs

async function buildPage([config, output, sources]) {
  const index = resolve(root, output, 'index.html')
  if (existsSync(index) && statSync(index).mtimeMs >= newestChange(resolve(root, sources))) return
  const vite = await import('vite')
  await vite.build({ configFile: resolve(root, config) })
}

/** Builds the named entries; resolves when their files are written, throws with esbuild's messages. */
export async function build(names = Object.keys(entries)) {
  const pagesToBuild = names.flatMap((name) =>
    Object.keys(pages).filter((page) => page.split('-')[0] === name),
  )
  for (const page of pagesToBuild) if (existsSync(resolve(root, pages[page][0]))) await buildPage(pages[page])
  const esbuild = await import('esbuild')
  try {
    await Promise.all(
      names.map((name) => {
        const [folder, source] = entries[name]
        return esbuild.build({
          entryPoints: [resolve(root, 'packages', folder, source)],
          outfile: outputOf(name),
          bundle: true,
          platform: 'node',
          format: 'esm',
          target: 'node20.19',
          sourcemap: 'linked',
          logLevel: 'warning',
          plugins: [externalDependencies],
        })
      }),
    )
  } finally {
    // esbuild's API runs a helper process; it must not outlive the build.
    await esbuild.stop()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const names = process.argv.slice(2)
  const unknown = names.filter((name) => !(name in entries))
  if (unknown.length > 0) {
    console.error(`build: unknown entry ${unknown.join(', ')}; known: ${Object.keys(entries).join(', ')}`)
    process.exit(2)
  }
  try {
    await build(names.length > 0 ? names : undefined)
  } catch {
    // esbuild has already printed what failed, with file and line.
    process.exit(1)
  }
}
