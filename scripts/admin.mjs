#!/usr/bin/env node
// `npm run admin -w envelope-service -- <command>`: compiles the admin CLI (scripts/build.mjs) and runs it
// in this process, on the same data directory as `npm start`.
import { pathToFileURL } from 'node:url'
import { build, outputOf } from './build.mjs'

try {
  await build(['admin'])
} catch {
  console.error('admin: the build failed (see above)')
  process.exit(1)
}
await import(pathToFileURL(outputOf('admin')).href)
