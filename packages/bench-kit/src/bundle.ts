import { execFileSync } from 'node:child_process'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

/**
 * The bundle `npm start` runs for a service: `scripts/build.mjs <entry>` first, as `npm start` builds it
 * (its stamps make that a no-op when nothing changed), then the path of its output, `output` relative to
 * the repository. Benches run it under `node --enable-source-maps`, as `npm start` does, not the sources
 * under tsx, whose loader thread and compiler a user's process does not have.
 */
export function builtBundle(entry: string, output: string): string {
  execFileSync(process.execPath, [join(repositoryRoot, 'scripts/build.mjs'), entry], { stdio: 'inherit' })
  return join(repositoryRoot, output)
}
