import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makePdf } from '../documents/test-pdfs.js'
import { createDevelopmentSeal, ensureDevelopmentSeal } from './development-seal.js'
import { loadSeal, loadSealFile, sealPdf } from './seal.js'
import { SEAL_PASSWORD, testSeal } from './test-fixtures.js'
import { pdfsig } from './test-poppler.js'

const VALID = 'Signature Validation: Signature is Valid.'
const options = { signingTime: new Date('2026-11-20T12:00:00Z'), reason: 'Envelope e-1 completed' }

async function sealed(pages = 2): Promise<Uint8Array> {
  return sealPdf(await PDFDocument.load(await makePdf(pages)), testSeal(), options)
}

describe('sealPdf', () => {
  it('signs the whole document with a PAdES signature that pdfsig verifies', async () => {
    const report = await pdfsig(await sealed())
    expect(report).toContain(VALID)
    expect(report).toContain('Total document signed')
    expect(report).toContain('Signature Type: ETSI.CAdES.detached')
    expect(report).toContain('Signing Hash Algorithm: SHA-256')
    expect(report).toContain('Signer Certificate Common Name: Inkwell Development Seal')
  })

  it('shows any change made after sealing', async () => {
    const bytes = Buffer.from(await sealed())
    // A one-character edit inside the signed bytes that keeps the file well-formed: the seal's reason.
    const at = bytes.indexOf('Envelope e-1 completed')
    expect(at).toBeGreaterThan(-1)
    bytes.write('2', at + 'Envelope e-'.length, 'latin1')
    const report = await pdfsig(bytes)
    expect(report).toContain('Signature Validation: Digest Mismatch.')
    expect(report).not.toContain(VALID)
  })

  it('shows content appended after sealing as a document not totally signed', async () => {
    const bytes = Buffer.concat([Buffer.from(await sealed()), Buffer.from('\n% appended\n')])
    expect(await pdfsig(bytes)).not.toContain('Total document signed')
  })
})

describe('development seal', () => {
  let directory: string
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'seal-'))
  })
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true })
  })

  it('writes a private PKCS#12 file that loads with its password only', async () => {
    const file = join(directory, 'nested', 'seal.p12')
    await createDevelopmentSeal(file, 'secret')
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    const seal = await loadSealFile(file, 'secret')
    expect(seal.name).toBe('Inkwell Development Seal')
    expect(() => loadSeal(new Uint8Array(Buffer.from('not a p12')), 'secret')).toThrow('cannot be read')
    await expect(loadSealFile(file, 'wrong')).rejects.toThrow('wrong password')
  })

  it('is created once by ensureDevelopmentSeal and then kept', async () => {
    const file = join(directory, 'kept.p12')
    expect(await ensureDevelopmentSeal(file, SEAL_PASSWORD)).toBe(true)
    const first = await readFile(file)
    expect(await ensureDevelopmentSeal(file, SEAL_PASSWORD)).toBe(false)
    expect(Buffer.compare(first, await readFile(file))).toBe(0)
  })
})
