import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * The layering rules of STYLE.md, checked on the source: which folder of src/ imports which at run
 * time. Type-only imports are left out: they vanish from the JavaScript, and the shared schema and
 * context types (database.ts, context.ts) are meant to be seen by every folder.
 */
const SRC = dirname(fileURLToPath(import.meta.url))

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:([\s\S]*?)\s+from\s+)?'([^']+)'/gm

/** The relative modules a file imports for their values (not `import type`, not `{ type A, type B }`). */
function runtimeImports(file: string): string[] {
  const imports: string[] = []
  for (const [, typeOnly, clause, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    if (typeOnly || !specifier?.startsWith('.')) continue
    const names = clause?.trim().match(/^\{([\s\S]*)\}$/)?.[1]
    const onlyTypes =
      names
        ?.split(',')
        .map((name) => name.trim())
        .filter(Boolean)
        .every((name) => name.startsWith('type ')) === true
    if (!onlyTypes) imports.push(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')))
  }
  return imports
}

/** A folder directly under src/ (`templates/`), or a file at its root (`app.ts`). */
const unitOf = (file: string) => {
  const path = relative(SRC, file)
  return path.includes('/') ? `${path.split('/')[0]}/` : path
}

function unitGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>()
  for (const file of sourceFiles(SRC)) {
    const from = unitOf(file)
    const targets = graph.get(from) ?? new Set<string>()
    graph.set(from, targets)
    for (const target of runtimeImports(file)) {
      if (unitOf(target) !== from) targets.add(unitOf(target))
    }
  }
  return graph
}

/** Every unit `start` imports, directly or through others (itself only when a cycle leads back). */
function reachable(graph: Map<string, Set<string>>, start: string): Set<string> {
  const seen = new Set<string>()
  const pending = [...(graph.get(start) ?? [])]
  while (pending.length > 0) {
    const unit = pending.pop() as string
    if (seen.has(unit)) continue
    seen.add(unit)
    pending.push(...(graph.get(unit) ?? []))
  }
  return seen
}

describe('layering', () => {
  const graph = unitGraph()

  it('finds the imports it checks', () => {
    expect(graph.get('account-routes.ts')).toContain('rest/')
    expect(graph.get('templates/')).toContain('rest/')
  })

  it('has no import cycle through rest/: the feature folders use it, it uses none of them', () => {
    const fromRest = reachable(graph, 'rest/')
    const usersOfRest = [...graph].filter(([, targets]) => targets.has('rest/')).map(([unit]) => unit)
    expect(usersOfRest).toContain('templates/')
    expect(usersOfRest.filter((unit) => fromRest.has(unit))).toEqual([])
  })

  it('routes call services: no routes.ts imports a repository', () => {
    const offenders = sourceFiles(SRC)
      .filter((file) => file.endsWith('/routes.ts'))
      .flatMap((file) =>
        runtimeImports(file)
          .filter((target) => target.endsWith('/repository.ts'))
          .map((target) => `${relative(SRC, file)} imports ${relative(SRC, target)}`),
      )
    expect(offenders).toEqual([])
  })
})
