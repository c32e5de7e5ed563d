import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { openCaseStore } from '../cases/store.js'
import { type FakeEsignServer, startFakeEsignServer } from '../testing/fake-esign-server.js'
import { signIn } from '../users/service.js'
import { CLI_TOKEN_FILE, type CliIo, EXIT, runCli } from './run.js'

let server: FakeEsignServer
let directory: string
let credentials: string
let output: { out: string[]; err: string[] }
let databaseCount = 0

beforeAll(async () => {
  server = await startFakeEsignServer()
  directory = mkdtempSync(join(tmpdir(), 'automation-cli-'))
  credentials = join(directory, 'demo-credentials.json')
  writeFileSync(
    credentials,
    JSON.stringify({
      accountId: 'acc-1',
      userId: 'user-1',
      integrationKey: 'key-1',
      privateKeyPem: server.privateKeyPem,
      authHost: server.origin,
      baseUri: `${server.origin}/restapi`,
      templates: [],
    }),
  )
})
afterAll(async () => {
  await server.close()
  rmSync(directory, { recursive: true, force: true })
})
beforeEach(() => {
  server.reset()
  output = { out: [], err: [] }
  server.handle((request) => {
    if (request.method === 'GET' && request.path.includes('/templates?')) {
      return {
        status: 200,
        body: {
          resultSetSize: '2',
          totalSetSize: '2',
          envelopeTemplates: [
            { templateId: 't-1', name: 'Case Intake Form' },
            { templateId: 't-2', name: 'Service Agreement' },
          ],
        },
      }
    }
    if (request.method === 'GET')
      return { status: 200, body: { templateId: 't-1', emailBlurb: 'Please sign.' } }
    return {
      status: 201,
      body: { envelopeId: 'env-42', uri: '/envelopes/env-42', statusDateTime: '', status: 'sent' },
    }
  })
})

/** Each test gets its own case store with the demo cases. */
function cli(argv: string[], extra: Partial<CliIo> = {}) {
  databaseCount += 1
  const database = `sqlite:${join(directory, `cases-${databaseCount}.db`)}`
  return runCli([...argv, '--credentials', credentials, '--database', database], {
    out: (line) => output.out.push(line),
    err: (line) => output.err.push(line),
    env: { DATA_DIR: directory },
    ...extra,
  })
}

const creates = () => server.requests.filter((request) => request.method === 'POST')

describe('CLI templates', () => {
  it('prints the dropdown list, one id and name per line', async () => {
    expect(await cli(['templates'])).toBe(EXIT.ok)
    expect(output.out).toEqual(['t-1\tCase Intake Form', 't-2\tService Agreement'])
  })
})

describe('CLI send', () => {
  it('sends for a case given by its number and prints the envelope id', async () => {
    expect(
      await cli(['send', '--case', '00001001', '--templates', 't-1,t-2', '--subject', 'Sign please']),
    ).toBe(EXIT.ok)
    expect(output.out).toEqual(['env-42'])
    expect(creates()).toHaveLength(1)
    const body = JSON.parse(creates()[0]?.body ?? '{}')
    expect(body.status).toBe('sent')
    expect(body.emailSubject).toBe('Inkwell: Sign please')
    expect(body.compositeTemplates).toHaveLength(2)
  })

  it('--sms answers the phone screen for a contact without email; --language es picks Spanish', async () => {
    expect(
      await cli([
        'send',
        '--case',
        '00001002',
        '--templates',
        't-1',
        '--sms',
        '+14155552671',
        '--language',
        'es',
      ]),
    ).toBe(EXIT.ok)
    const body = JSON.parse(creates()[0]?.body ?? '{}')
    const signer = body.compositeTemplates[0].inlineTemplates[0].recipients.signers[0]
    expect(signer).toMatchObject({
      deliveryMethod: 'SMS',
      phoneNumber: { countryCode: '1', number: '4155552671' },
    })
    expect(body.emailBlurb).toMatch(/^Hola/)
  })

  it('--sms follows the flow like the console: a contact with an email is invited by email, with a note', async () => {
    expect(await cli(['send', '--case', '00001001', '--templates', 't-1', '--sms', '+14155552671'])).toBe(
      EXIT.ok,
    )
    const body = JSON.parse(creates()[0]?.body ?? '{}')
    const signer = body.compositeTemplates[0].inlineTemplates[0].recipients.signers[0]
    expect(signer.deliveryMethod).toBeUndefined()
    expect(signer.phoneNumber).toBeUndefined()
    expect(signer.email).toBe('ana.gomez@example.com')
    expect(output.err.join('\n')).toMatch(/has an email, so the invitation goes by email/)
  })

  it('asks for the phone through the flow screen when the contact has no email', async () => {
    const asked: string[] = []
    const screens = {
      askSmsPhone: async (request: { contactName: string }) => {
        asked.push(request.contactName)
        return '+573001234567'
      },
    }
    expect(await cli(['send', '--case', '00001002', '--templates', 't-1'], { screens })).toBe(EXIT.ok)
    expect(asked).toEqual(['Luis Pérez'])
    const body = JSON.parse(creates()[0]?.body ?? '{}')
    expect(body.compositeTemplates[0].inlineTemplates[0].recipients.signers[0].deliveryMethod).toBe('SMS')
  })

  it('exits 4 and sends nothing when the phone screen is cancelled', async () => {
    const screens = { askSmsPhone: async () => undefined }
    expect(await cli(['send', '--case', '00001002', '--templates', 't-1'], { screens })).toBe(EXIT.cancelled)
    expect(creates()).toHaveLength(0)
  })

  it('exits 2 with the reason for an invalid phone, before any call', async () => {
    expect(await cli(['send', '--case', '00001002', '--templates', 't-1', '--sms', '12345'])).toBe(EXIT.usage)
    expect(output.err.join('\n')).toMatch(/with \+ and the country code/)
    expect(server.requests).toHaveLength(0)
    expect(server.tokenRequests).toHaveLength(0)
  })

  it('exits 2 for an unknown case and for missing options', async () => {
    expect(await cli(['send', '--case', 'nope', '--templates', 't-1'])).toBe(EXIT.usage)
    expect(output.err.at(-1)).toBe('error: case nope does not exist')
    expect(await cli(['send', '--templates', 't-1'])).toBe(EXIT.usage)
    expect(await cli(['send', '--case', '00001001'])).toBe(EXIT.usage)
    expect(server.requests).toHaveLength(0)
  })

  it('exits 1 with the status code and message when the service refuses the envelope', async () => {
    server.handle((request) =>
      request.method === 'GET'
        ? { status: 200, body: { emailBlurb: '' } }
        : {
            status: 400,
            body: { errorCode: 'INVALID_REQUEST_PARAMETER', message: 'Unknown templateId t-9' },
          },
    )
    expect(await cli(['send', '--case', '00001001', '--templates', 't-9'])).toBe(EXIT.serviceFailure)
    expect(output.err).toEqual([
      'the envelope service answered 400 INVALID_REQUEST_PARAMETER: Unknown templateId t-9',
    ])
  })
})

describe('CLI import and usage', () => {
  it('imports a CSV and prints what was created and refused', async () => {
    const file = join(directory, 'import.csv')
    writeFileSync(
      file,
      'CaseNumber,ServiceCoordinatorName,ServiceCoordinatorEmail\n9001,Sam,sam@example.test\n00001001,Sam,sam@example.test\n',
    )
    expect(await cli(['import', file])).toBe(EXIT.ok)
    expect(output.out).toEqual([
      'created 1 case(s) and 0 contact(s); refused 1',
      '  line 3 (CaseNumber 00001001): CaseNumber 00001001 already exists',
    ])
  })

  it('exits 2 for a missing import file, an unknown command or option', async () => {
    expect(await cli(['import', join(directory, 'missing.csv')])).toBe(EXIT.usage)
    expect(await cli(['frobnicate'])).toBe(EXIT.usage)
    expect(await cli(['templates', '--colour', 'red'])).toBe(EXIT.usage)
    expect(output.err.at(-1)).toMatch(/usage: envelope-automation/)
  })

  it('exits 3 when the credentials file is missing', async () => {
    const code = await runCli(['templates', '--credentials', join(directory, 'none.json')], {
      out: (line) => output.out.push(line),
      err: (line) => output.err.push(line),
      env: { DATA_DIR: directory },
    })
    expect(code).toBe(EXIT.settings)
    expect(output.err.at(-1)).toMatch(/cannot read credentials/)
  })
})

describe('CLI user add', () => {
  const database = () => `sqlite:${join(directory, 'users.db')}`
  const run = (argv: string[], extra: Partial<CliIo> = {}) =>
    runCli([...argv, '--database', database()], {
      out: (line) => output.out.push(line),
      err: (line) => output.err.push(line),
      env: { DATA_DIR: directory },
      ...extra,
    })

  it('creates a user who can sign in with the generated password it prints once', async () => {
    expect(await run(['user', 'add', 'Maria'])).toBe(EXIT.ok)
    const [line] = output.out
    const password = /^created maria with the password (\S+)$/.exec(line ?? '')?.[1] as string
    expect(password).toHaveLength(24)
    const store = await openCaseStore(database())
    try {
      const { session } = await signIn(store.usersDb, { username: 'maria', password }, Date.now())
      expect(session.username).toBe('maria')
    } finally {
      await store.close()
    }
  })

  it('takes the password from the first line of stdin with --password-stdin', async () => {
    const readStdin = async () => 'a long enough password\nignored\n'
    expect(await run(['user', 'add', 'jo', '--password-stdin'], { readStdin })).toBe(EXIT.ok)
    expect(output.out).toEqual(['created jo'])
    const store = await openCaseStore(database())
    try {
      await signIn(store.usersDb, { username: 'jo', password: 'a long enough password' }, Date.now())
    } finally {
      await store.close()
    }
  })

  it('exits 2 with the reason for a taken name, a short password or a missing name', async () => {
    expect(await run(['user', 'add', 'taken'])).toBe(EXIT.ok)
    expect(await run(['user', 'add', 'TAKEN'])).toBe(EXIT.usage)
    expect(output.err.at(-1)).toBe('error: A user named taken exists already.')
    expect(await run(['user', 'add', 'x', '--password-stdin'], { readStdin: async () => 'short\n' })).toBe(
      EXIT.usage,
    )
    expect(output.err.at(-1)).toMatch(/at least 12 characters/)
    expect(await run(['user', 'add'])).toBe(EXIT.usage)
  })
})

describe('CLI token between runs', () => {
  const run = (dataDir: string) =>
    runCli(['templates', '--credentials', credentials, '--database', `sqlite:${join(dataDir, 'c.db')}`], {
      out: (line) => output.out.push(line),
      err: (line) => output.err.push(line),
      env: { DATA_DIR: dataDir },
    })

  it('keeps the token in the data directory, readable only by its owner, and reuses it on the next run', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'automation-cli-token-'))
    try {
      expect(await run(dataDir)).toBe(EXIT.ok)
      expect(await run(dataDir)).toBe(EXIT.ok)
      expect(await run(dataDir)).toBe(EXIT.ok)
      expect(server.tokenRequests).toHaveLength(1)
      const file = join(dataDir, CLI_TOKEN_FILE)
      expect(statSync(file).mode & 0o777).toBe(0o600)
      const stored = JSON.parse(readFileSync(file, 'utf8'))
      expect(stored).toEqual({
        for: expect.any(String),
        token: expect.any(String),
        refreshAt: expect.any(Number),
      })
      // Not the key or the credential itself: only a hash says which credential the token is for.
      expect(readFileSync(file, 'utf8')).not.toContain('key-1')
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('exchanges again when the kept token is near expiry, or belongs to another credential', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'automation-cli-token-'))
    const file = join(dataDir, CLI_TOKEN_FILE)
    try {
      expect(await run(dataDir)).toBe(EXIT.ok)
      const stored = JSON.parse(readFileSync(file, 'utf8'))
      writeFileSync(file, JSON.stringify({ ...stored, refreshAt: Date.now() - 1 }))
      expect(await run(dataDir)).toBe(EXIT.ok)
      expect(server.tokenRequests).toHaveLength(2)
      writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), for: 'another' }))
      expect(await run(dataDir)).toBe(EXIT.ok)
      expect(server.tokenRequests).toHaveLength(3)
      expect(await run(dataDir)).toBe(EXIT.ok)
      expect(server.tokenRequests).toHaveLength(3)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe('CLI token file in a data directory that cannot be written', () => {
  it('still runs the command, exchanging a token each time', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'automation-cli-readonly-'))
    const blocked = join(parent, 'file-not-directory')
    writeFileSync(blocked, '')
    try {
      const run = () =>
        runCli(['templates', '--credentials', credentials, '--database', `sqlite:${join(parent, 'c.db')}`], {
          out: (line) => output.out.push(line),
          err: (line) => output.err.push(line),
          env: { DATA_DIR: join(blocked, 'data') },
        })
      expect(await run()).toBe(EXIT.ok)
      expect(await run()).toBe(EXIT.ok)
      expect(server.tokenRequests).toHaveLength(2)
    } finally {
      rmSync(parent, { recursive: true, force: true })
    }
  })
})
