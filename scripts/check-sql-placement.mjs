#!/usr/bin/env node
/**
 * SQL lives in repositories (STYLE.md): a query (`selectFrom`, `insertInto`, `updateTable`, `deleteFrom`)
 * or raw `sql` in any other production file fails lint, naming the file and line. Migrations, the
 * database plumbing of `platform/src/database/`, tests, test support and benchmarks may hold SQL too.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const SQL = /\.(selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql(`|<|\.(?:raw|ref|id|lit|join|val)\b)/
const ALLOWED = [
  /(^|\/)repository\.ts$/,
  /\/migrations?\//,
  /\/migrations?\.ts$/,
  /^packages\/platform\/src\/database\//,
  /\.test\.tsx?$/,
  /\/testing\//,
  /^packages\/[^/]+\/(test|bench|scripts)\//,
]

function* sourceFiles(directory) {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue
    const path = join(directory, entry.name)
    if (entry.isDirectory()) yield* sourceFiles(path)
    else if (/\.tsx?$/.test(entry.name)) yield path
  }
}

const problems = []
for (const file of sourceFiles(join(root, 'packages'))) {
  const path = relative(root, file)
  if (ALLOWED.some((pattern) => pattern.test(path))) continue
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      if (SQL.test(line) && !/^\s*(\*|\/\/)/.test(line)) problems.push(`${path}:${index + 1}: ${line.trim()}`)
    })
}
if (problems.length > 0) {
  console.error(
    `SQL outside a repository.ts (sql-in-repositories, scripts/check-sql-placement.mjs):\n${problems.join('\n')}`,
  )
  process.exit(1)
}
