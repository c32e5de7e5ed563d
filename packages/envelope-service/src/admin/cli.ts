import { runCli } from './run.js'

/** Entry point of `npm run admin -w envelope-service -- <command>`; the commands live in run.ts and commands.ts. */
try {
  process.exitCode = await runCli(process.argv.slice(2), process.env, {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
  })
} catch (error) {
  process.stderr.write(`admin: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exitCode = 1
}
