import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadSeal } from '../completion/seal.js'
import { runCli } from './run.js'

describe('admin dev-seal', () => {
  const directory = mkdtempSync(join(tmpdir(), 'dev-seal-'))
  afterAll(() => rmSync(directory, { recursive: true, force: true }))

  const run = async (argv: string[]) => {
    const lines: string[] = []
    const status = await runCli(
      argv,
      {},
      { out: (text) => lines.push(text), err: (text) => lines.push(text) },
    )
    return { status, output: lines.join('\n') }
  }

  it('writes a PKCS#12 seal that opens with its password', async () => {
    const file = join(directory, 'seal.p12')
    const { status, output } = await run(['dev-seal', '--out', file, '--password', 'secret'])
    expect(status, output).toBe(0)
    expect(output).toContain(`sealFile: ${file}`)
    expect(loadSeal(readFileSync(file), 'secret').name).toBe('Inkwell Development Seal')
    expect(() => loadSeal(readFileSync(file), 'wrong')).toThrow()
  })

  it('refuses to replace an existing file and needs --out', async () => {
    const file = join(directory, 'kept.p12')
    expect((await run(['dev-seal', '--out', file])).status).toBe(0)
    const before = readFileSync(file)
    const again = await run(['dev-seal', '--out', file])
    expect(again.status).toBe(1)
    expect(again.output).toContain('already exists')
    expect(readFileSync(file)).toEqual(before)
    expect((await run(['dev-seal'])).status).toBe(2)
  })
})
