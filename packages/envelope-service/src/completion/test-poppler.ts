import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

/** poppler-utils as an independent reader of what completion produces (Debian `poppler-utils`). */

const run = promisify(execFile)

async function withFile<T>(bytes: Uint8Array, use: (file: string) => Promise<T>): Promise<T> {
  const directory = await mkdtemp(join(tmpdir(), 'completion-'))
  try {
    const file = join(directory, 'document.pdf')
    await writeFile(file, bytes)
    return await use(file)
  } finally {
    await rm(directory, { recursive: true, force: true })
  }
}

/** `pdfsig`'s report; it exits non-zero for unsigned or broken files, so the output is returned either way. */
export function pdfsig(bytes: Uint8Array): Promise<string> {
  return withFile(bytes, async (file) => {
    try {
      const { stdout, stderr } = await run('pdfsig', [file])
      return stdout + stderr
    } catch (error) {
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
      return stdout + stderr
    }
  })
}

/** The text of pages `first`..`last` (all by default), in reading order. */
export function pdftotext(bytes: Uint8Array, pages: { first?: number; last?: number } = {}): Promise<string> {
  return withFile(bytes, async (file) => {
    const range = [
      ...(pages.first ? ['-f', String(pages.first)] : []),
      ...(pages.last ? ['-l', String(pages.last)] : []),
    ]
    const { stdout } = await run('pdftotext', [...range, file, '-'])
    return stdout
  })
}

export interface WordBox {
  text: string
  xMin: number
  yMin: number
}

/** Each word of page 1 with its box, in points from the top-left of the media box (`pdftotext -bbox`). */
export function pdfWords(bytes: Uint8Array): Promise<WordBox[]> {
  return withFile(bytes, async (file) => {
    const { stdout } = await run('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-'])
    return [...stdout.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map(
      (match) => ({
        text: match[3] ?? '',
        xMin: Number(match[1]),
        yMin: Number(match[2]),
      }),
    )
  })
}
