#!/usr/bin/env node
// Checks that every relative link in the repository's Markdown files points at a file or folder that
// exists (anchors are not checked). Part of `npm run lint`; prints each broken link and exits 1.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const skipped = new Set(['node_modules', 'dist', 'data', 'coverage', '.git'])

function* markdownFiles(directory) {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (skipped.has(entry.name)) continue
    const path = join(directory, entry.name)
    if (entry.isDirectory()) yield* markdownFiles(path)
    else if (entry.name.endsWith('.md')) yield path
  }
}

const broken = []
for (const file of markdownFiles(root)) {
  // Links inside code blocks and inline code are examples, not links.
  const text = readFileSync(file, 'utf8')
    .replace(/```[\s\S]*?```/g, '')
    .replace(/`[^`\n]*`/g, '')
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue
    const path = decodeURIComponent(target.split('#')[0])
    if (!existsSync(resolve(dirname(file), path))) broken.push(`${relative(root, file)}: ${target}`)
  }
}
if (broken.length > 0) {
  console.error(`Broken links in Markdown files:\n  ${broken.join('\n  ')}`)
  process.exit(1)
}
