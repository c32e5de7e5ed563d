import { unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { buildArchive, safeName } from './archive.js'

const bytes = (text: string) => new Uint8Array(Buffer.from(text))

describe('buildArchive', () => {
  it('zips each signed document and the certificate under safe, distinct names', () => {
    const zip = buildArchive(
      [
        { name: 'Lease', bytes: bytes('%PDF-lease') },
        { name: 'Lease', bytes: bytes('%PDF-lease-2') },
        { name: '../../etc/passwd', bytes: bytes('%PDF-sneaky') },
      ],
      { name: 'Certificate of Completion', bytes: bytes('%PDF-certificate') },
      new Date('2026-11-20T11:02:00Z'),
    )
    const entries = unzipSync(zip)
    expect(Object.keys(entries)).toEqual([
      'Lease.pdf',
      'Lease (2).pdf',
      '_.._etc_passwd.pdf',
      'Certificate of Completion.pdf',
    ])
    expect(Buffer.from(entries['Lease (2).pdf'] ?? []).toString()).toBe('%PDF-lease-2')
    expect(Buffer.from(entries['Certificate of Completion.pdf'] ?? []).toString()).toBe('%PDF-certificate')
  })
})

describe('safeName', () => {
  it('keeps names readable and adds .pdf only when missing', () => {
    expect(safeName('Contrato de arrendamiento.PDF')).toBe('Contrato de arrendamiento.PDF')
    expect(safeName('a:b*c?"d<e>f|g')).toBe('a_b_c_d_e_f_g.pdf')
    expect(safeName('line\nbreak')).toBe('line_break.pdf')
    expect(safeName('...')).toBe('document.pdf')
  })
})
