import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { createInterface } from 'node:readline/promises'
import { parseArgs } from 'node:util'
import { AppError, generatePassword } from 'platform'
import { ensureDemoData } from '../cases/demo-data.js'
import { importCases, readImportFile } from '../cases/import.js'
import { findCaseByNumber } from '../cases/repository.js'
import { type CaseStore, openCaseStore } from '../cases/store.js'
import { createEsignClient, type EsignClientOptions } from '../client/client.js'
import { EnvelopeApiError, RequestTimeoutError, TokenExchangeError } from '../client/errors.js'
import { fileTokenStore } from '../client/token-file.js'
import { AutomationInputError } from '../errors.js'
import { type FlowScreens, PAUSE, runGuidedSendFlow } from '../flow/guided-send.js'
import { createUser } from '../users/service.js'
import { clientOptionsFromFiles, dataDirectory, SettingsError } from './settings.js'

/** Where the CLI keeps its access token between runs, in the data directory. */
export const CLI_TOKEN_FILE = 'cli-token.json'

/** Exit codes: the service refused or failed; bad usage or input; missing settings. */
export const EXIT = { ok: 0, serviceFailure: 1, usage: 2, settings: 3, cancelled: 4 } as const

export interface CliIo {
  out(line: string): void
  err(line: string): void
  env: NodeJS.ProcessEnv
  /** The SMS phone screen; defaults to a terminal prompt when stdin is a terminal. */
  screens?: FlowScreens
  /** Overrides the client options read from files (tests). */
  clientOptions?: Partial<EsignClientOptions>
  /** Standard input as text, for `user add --password-stdin`; defaults to the process's. */
  readStdin?: () => Promise<string>
}

const USAGE = `usage: envelope-automation <command> [options]

commands:
  send --case <id or case number> --templates <id,id,...> [--language es] [--sms +1...] [--subject text]
  templates                  the templates to choose from, by name
  import <file.csv|file.json> cases with their contacts; prints what was created and refused
  user add <name> [--password-stdin]
                             a console user; the password is the first line of stdin, or generated
                             and printed once

options:
  --credentials <file>  default: data/demo-credentials.json
  --ca <file>           CA to trust; default: data/tls/ca.crt when it exists
  --database <url>      case store; default: AUTOMATION_DATABASE_URL or sqlite:data/automation.db`

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parse>
  try {
    parsed = parse(argv)
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`)
    return EXIT.usage
  }
  const { values, positionals } = parsed
  const [command, ...rest] = positionals
  const data = dataDirectory(io.env)
  const databaseUrl =
    values.database ?? io.env.AUTOMATION_DATABASE_URL ?? `sqlite:${resolve(data, 'automation.db')}`
  const esignOptions = () => {
    const caPath =
      values.ca ?? (existsSync(resolve(data, 'tls/ca.crt')) ? resolve(data, 'tls/ca.crt') : undefined)
    const options = clientOptionsFromFiles(
      values.credentials ?? resolve(data, 'demo-credentials.json'),
      caPath,
    )
    // One token for every command until it is near expiry, kept in the data directory for its owner only.
    const credential = [
      options.identityHost,
      options.integrationKey,
      options.userId,
      options.scope ?? '',
    ].join('|')
    return {
      ...options,
      tokenStore: fileTokenStore(resolve(data, CLI_TOKEN_FILE), credential),
      ...io.clientOptions,
    }
  }
  let store: CaseStore | undefined
  const openStore = async () => {
    store = await openCaseStore(databaseUrl)
    await ensureDemoData(store.db, new Date().toISOString())
    return store
  }
  try {
    switch (command) {
      case 'templates': {
        if (rest.length) throw new UsageError(`templates takes no arguments`)
        const templates = await createEsignClient(esignOptions()).listTemplates()
        for (const template of templates) io.out(`${template.templateId}\t${template.name}`)
        if (templates.length === 0) io.err('no templates')
        return EXIT.ok
      }
      case 'import': {
        if (rest.length !== 1) throw new UsageError('import takes one file')
        const rows = await readImportFile(rest[0] as string)
        const summary = await importCases((await openStore()).db, rows, new Date().toISOString())
        io.out(
          `created ${summary.casesCreated} case(s) and ${summary.contactsCreated} contact(s); refused ${summary.refused.length}`,
        )
        for (const refusal of summary.refused) {
          io.out(
            `  line ${refusal.line}${refusal.caseNumber ? ` (CaseNumber ${refusal.caseNumber})` : ''}: ${refusal.reason}`,
          )
        }
        return summary.refused.length > 0 && summary.casesCreated === 0 ? EXIT.usage : EXIT.ok
      }
      case 'send':
        return await send(values, rest, io, await openStore(), esignOptions)
      case 'user': {
        const [action, username, ...extra] = rest
        if (action !== 'add' || !username || extra.length) throw new UsageError('usage: user add <name>')
        const given = values['password-stdin']
          ? firstLine(await (io.readStdin ?? readProcessStdin)())
          : undefined
        const password = given ?? generatePassword()
        const created = await createUser((await openStore()).usersDb, { username, password }, Date.now())
        io.out(
          given === undefined ? `created ${created} with the password ${password}` : `created ${created}`,
        )
        return EXIT.ok
      }
      default:
        throw new UsageError(command ? `unknown command "${command}"` : 'missing command')
    }
  } catch (error) {
    return report(error, io)
  } finally {
    await store?.close()
  }
}

async function send(
  values: ReturnType<typeof parse>['values'],
  rest: string[],
  io: CliIo,
  store: CaseStore,
  esignOptions: () => EsignClientOptions,
): Promise<number> {
  if (rest.length) throw new UsageError(`unexpected argument "${rest[0]}"`)
  if (!values.case) throw new UsageError('send needs --case')
  const templateIds = (values.templates ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean)
  if (templateIds.length === 0) throw new UsageError('send needs --templates <id,id,...>')
  const caseRecord = (await store.findCase(values.case)) ?? (await findCaseByNumber(store.db, values.case))
  if (!caseRecord) throw new AutomationInputError(`case ${values.case} does not exist`)
  const esign = createEsignClient(esignOptions())
  const input = {
    caseId: caseRecord.id,
    templateIds,
    subjectText: values.subject ?? '',
    language: values.language ?? null,
  }
  // --sms answers the flow's phone screen, as the console's form does: the flow asks only when the
  // contact's email is blank (Is_Recipient_Email_Blank), so a contact with an email is invited by email.
  const given = values.sms
  const screens: FlowScreens =
    given === undefined
      ? (io.screens ?? terminalScreens())
      : { askSmsPhone: async (screen) => (screen.problem ? PAUSE : given) }
  const result = await runGuidedSendFlow({ cases: store, esign, screens }, input)
  switch (result.outcome) {
    case 'cancelled':
      io.err('cancelled: no envelope was sent')
      return EXIT.cancelled
    case 'paused':
      io.err(`error: ${result.screen.error}`)
      return EXIT.usage
    case 'sent':
      if (given !== undefined && result.recipientSmsPhone === null) {
        io.err(
          'note: the contact has an email, so the invitation goes by email; --sms is for contacts without one',
        )
      }
      io.out(result.envelopeId)
      return EXIT.ok
  }
}

/** The phone screen on a terminal; without one the CLI cannot ask, and says which option to pass. */
function terminalScreens(): FlowScreens {
  return {
    async askSmsPhone(request) {
      if (!process.stdin.isTTY) {
        throw new AutomationInputError(
          `${request.contactName} has no email: pass --sms <mobile number> to send by SMS`,
        )
      }
      const prompt = createInterface({ input: process.stdin, output: process.stderr })
      try {
        if (request.error) process.stderr.write(`${request.error}\n`)
        const suggestion = request.suggestedPhone ? ` [${request.suggestedPhone}]` : ''
        const answer = await prompt.question(
          `${request.contactName} has no email. Mobile number for SMS${suggestion}: `,
        )
        return answer.trim() === '' && request.suggestedPhone ? request.suggestedPhone : answer
      } finally {
        prompt.close()
      }
    },
  }
}

class UsageError extends Error {}

function firstLine(text: string): string {
  return text.split(/\r?\n/)[0] ?? ''
}

async function readProcessStdin(): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

function report(error: unknown, io: CliIo): number {
  if (error instanceof UsageError) {
    io.err(`${error.message}\n\n${USAGE}`)
    return EXIT.usage
  }
  if (error instanceof AppError && error.statusCode < 500) {
    io.err(`error: ${error.message}`)
    return EXIT.usage
  }
  if (error instanceof AutomationInputError) {
    io.err(`error: ${error.message}`)
    return EXIT.usage
  }
  if (error instanceof SettingsError) {
    io.err(`error: ${error.message}`)
    return EXIT.settings
  }
  if (error instanceof EnvelopeApiError) {
    io.err(`the envelope service answered ${error.status} ${error.errorCode}: ${error.detail}`)
    return EXIT.serviceFailure
  }
  if (error instanceof TokenExchangeError || error instanceof RequestTimeoutError) {
    io.err(`error: ${error.message}`)
    return EXIT.serviceFailure
  }
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'ENOENT') {
    io.err(`error: ${(error as Error).message}`)
    return EXIT.usage
  }
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'ECONNRESET') {
    io.err(
      `error: cannot reach the envelope service (${(error as Error).message}); is it running (npm start)?`,
    )
    return EXIT.serviceFailure
  }
  throw error
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      case: { type: 'string' },
      templates: { type: 'string' },
      language: { type: 'string' },
      sms: { type: 'string' },
      subject: { type: 'string' },
      credentials: { type: 'string' },
      ca: { type: 'string' },
      database: { type: 'string' },
      'password-stdin': { type: 'boolean' },
    },
  })
}
