import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { PDFDocument } from 'pdf-lib'
import { IMAGE_TO_PDF_SCRIPT } from '../image-script.js'

/**
 * PNGs and JPEGs become one-page US Letter PDFs with pdf-lib (the layout is in image-to-pdf.cjs). A
 * JPEG is embedded as it is, a copy of its bytes, so it is converted in this process. A PNG is decoded
 * and re-compressed pixel by pixel, seconds of CPU for a large scan, so it is converted in a child
 * Node process that cannot stall the event loop (at the price of a Node start, about 100 ms idle).
 */

export class ImageConversionError extends Error {}

const require = createRequire(import.meta.url)
const PDF_LIB = require.resolve('pdf-lib')
const layout = require(IMAGE_TO_PDF_SCRIPT) as {
  imageToPdf(pdfDocument: typeof PDFDocument, bytes: Uint8Array, extension: string): Promise<Uint8Array>
  UnreadableImage: new (message: string) => Error
}

export async function imageToPdf(
  bytes: Uint8Array,
  extension: 'png' | 'jpg' | 'jpeg',
  timeoutMs: number,
): Promise<Uint8Array> {
  if (extension === 'png') return inChildProcess(bytes, extension, timeoutMs)
  try {
    return await layout.imageToPdf(PDFDocument, bytes, extension)
  } catch (error) {
    if (error instanceof layout.UnreadableImage) throw new ImageConversionError(error.message)
    throw error
  }
}

function inChildProcess(bytes: Uint8Array, extension: string, timeoutMs: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    // Not the parent's execArgv (spawn never passes them): the script is plain JavaScript.
    const child = spawn(process.execPath, [IMAGE_TO_PDF_SCRIPT, PDF_LIB, extension], {
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    const output: Buffer[] = []
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk))
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 4096) stderr += chunk
    })
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.on('close', (code) => {
      clearTimeout(timer)
      if (code === 0) resolve(new Uint8Array(Buffer.concat(output)))
      else if (code === 2) reject(new ImageConversionError(stderr))
      else reject(new ImageConversionError(`conversion failed or took longer than ${timeoutMs} ms`))
    })
    // The child may exit (unreadable image) before it has read everything: that is not our error.
    child.stdin.on('error', () => {})
    child.stdin.end(bytes)
  })
}
