import { mkdtemp, rm } from 'node:fs/promises'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { InvalidRequestError } from 'platform'
import { countPdfPages, decodeBase64Strict } from '../pdf.js'
import { ACCEPTED_EXTENSIONS, type DocumentFormat, extensionOf, formatOf } from './formats.js'
import { sanitizeHtmlBytes } from './html-sanitize.js'
import { ImageConversionError, imageToPdf } from './images.js'
import { convertWithLibreOffice, hasImpress, LibreOfficeError } from './libreoffice.js'
import { prepareOfficeDocument, UnreadableDocumentError } from './office-package.js'
import {
  type ConversionLog,
  type ConversionPoolMode,
  createOfficePool,
  DEFAULT_PYTHON,
  type OfficeInstanceStatus,
  silentLog,
} from './office-pool.js'
import { createWorkerPool, type WorkerPool } from './pool.js'
import type { ConversionSandbox } from './sandbox.js'

/**
 * Turns any accepted document into the PDF the rest of the service works on, once, at upload: page
 * counts, anchor tabs, the signing page and completion only ever see the PDF. A converted document
 * keeps its original bytes and extension beside it. Every failure is a 400 naming the field, with
 * DocuSign's FORMAT_CONVERSION_ERROR when the file could not be converted. LibreOffice only ever sees
 * a cleaned copy that names no local file (prepareForLibreOffice), in a sandbox where there is one
 * (sandbox.ts); the original is kept as sent.
 */

export const FORMAT_CONVERSION_ERROR = 'FORMAT_CONVERSION_ERROR'

export interface ConvertedDocument {
  pdf: Uint8Array
  pages: number
  /** Present when the document was not a PDF: what the client sent. */
  original?: { bytes: Uint8Array; extension: string }
}

export interface DocumentConverter {
  /** `field` names the document in messages, e.g. `documents[0]`. */
  toPdf(bytes: Uint8Array, extension: string, field: string): Promise<ConvertedDocument>
  /** Stops the warm LibreOffice instances and removes the workers' directories. */
  close(): Promise<void>
}

export interface ConverterOptions {
  /** Conversions at once (and warm LibreOffice instances); by default from the cores (defaultWorkers). */
  workers?: number | undefined
  /** Conversions waiting for a worker before new ones get 503. */
  maxWaiting: number
  timeoutMs: number
  /** The soffice executable. */
  sofficeCommand: string
  /** Where LibreOffice runs (chooseSandbox); undefined runs it unsandboxed. */
  sandbox: ConversionSandbox | undefined
  /** `warm` unless said otherwise. */
  pool?: ConversionPoolMode | undefined
  /** The Python with LibreOffice's `uno` module that bridges to a warm instance (uno-bridge.py). */
  python?: string | undefined
  /** Conversions after which a warm instance is replaced by a fresh one. */
  restartAfter?: number | undefined
  /** How long a warm instance may take to start before the slot converts one-shot. */
  startTimeoutMs?: number | undefined
  /** Health checks of idle warm instances (office-pool.ts); every 30 s, 10 s to answer, by default. */
  healthCheck?: { intervalMs: number; timeoutMs: number } | undefined
  log?: ConversionLog | undefined
}

export interface PooledDocumentConverter extends DocumentConverter {
  /** The warm instances (none in `one-shot` mode), for tests and operators. */
  instances(): OfficeInstanceStatus[]
  readonly load: WorkerPool['load']
}

/** One conversion per core, at least one and at most four: each LibreOffice keeps a few hundred MiB. */
export const defaultWorkers = (): number => Math.max(1, Math.min(4, availableParallelism()))

export function createDocumentConverter(options: ConverterOptions): PooledDocumentConverter {
  const workers = options.workers ?? defaultWorkers()
  const pool = createWorkerPool(workers, options.maxWaiting)
  const offices =
    options.pool === 'one-shot'
      ? undefined
      : createOfficePool({
          size: workers,
          command: options.sofficeCommand,
          python: options.python ?? DEFAULT_PYTHON,
          sandbox: options.sandbox,
          startTimeoutMs: options.startTimeoutMs ?? 30_000,
          restartAfter: options.restartAfter ?? 200,
          healthCheck: options.healthCheck ?? { intervalMs: 30_000, timeoutMs: 10_000 },
          log: options.log ?? silentLog,
        })
  let profilesRoot: Promise<string> | undefined
  const profileDir = async (slot: number) => {
    profilesRoot ??= mkdtemp(join(tmpdir(), 'esign-soffice-profiles-'))
    return join(await profilesRoot, `worker-${slot}`)
  }

  /** On the slot's warm instance when it has one, else (or when it died under this document) one-shot. */
  const convertOffice = async (
    slot: number,
    bytes: Uint8Array,
    extension: string,
    importFilter: string | undefined,
  ): Promise<Uint8Array> => {
    const office = await offices?.acquire(slot)
    if (office) {
      try {
        return await office.convert(bytes, extension, importFilter, options.timeoutMs)
      } catch (error) {
        // Killed from outside, or crashed: the one-shot below tells which (a crash repeats there).
        if (!(error instanceof LibreOfficeError && error.failure.kind === 'stopped')) throw error
      } finally {
        offices?.release(slot, office)
      }
    }
    return convertWithLibreOffice(bytes, extension, importFilter, {
      command: options.sofficeCommand,
      profileDir: await profileDir(slot),
      timeoutMs: options.timeoutMs,
      sandbox: options.sandbox,
    })
  }

  const convert = async (bytes: Uint8Array, extension: string, field: string): Promise<Uint8Array> => {
    const format = formatOf(extension)
    if (!format) {
      throw new InvalidRequestError(
        `${field}.fileExtension "${extension}" is not a supported document format (supported: ${ACCEPTED_EXTENSIONS.join(', ')})`,
      )
    }
    if (format.converter === 'pdf') return bytes
    if (format.converter === 'image') {
      return pool.run(async () => {
        try {
          return await imageToPdf(bytes, extension as 'png' | 'jpg' | 'jpeg', options.timeoutMs)
        } catch (error) {
          if (error instanceof ImageConversionError) throw conversionError(field, extension, error.message)
          throw error
        }
      })
    }
    const prepared = prepareForLibreOffice(bytes, extension, format, field)
    return pool.run(async (slot) => {
      try {
        return await convertOffice(slot, prepared, extension, format.importFilter)
      } catch (error) {
        if (!(error instanceof LibreOfficeError)) throw error
        const { failure } = error
        if (failure.kind === 'missing') {
          throw new InvalidRequestError(
            `${field}: converting ${extension} documents to PDF needs LibreOffice ("${failure.command}"), which is not installed on this server; send the document as a PDF`,
            { errorCode: FORMAT_CONVERSION_ERROR },
          )
        }
        if (
          failure.kind === 'failed' &&
          format.module === 'impress' &&
          !(await hasImpress(options.sofficeCommand))
        ) {
          throw new InvalidRequestError(
            `${field}: converting ${extension} documents to PDF needs LibreOffice Impress, which is not installed on this server; send the document as a PDF`,
            { errorCode: FORMAT_CONVERSION_ERROR },
          )
        }
        throw conversionError(
          field,
          extension,
          failure.kind === 'timeout'
            ? `conversion took longer than ${failure.timeoutMs} ms`
            : 'LibreOffice could not read it',
        )
      }
    })
  }

  return {
    async toPdf(bytes, extension, field) {
      const pdf = await convert(bytes, extension, field)
      if (pdf === bytes) return { pdf, pages: await countPdfPages(pdf, `${field}.documentBase64`) }
      let pages: number
      try {
        pages = await countPdfPages(pdf, `${field}.documentBase64`)
      } catch {
        throw conversionError(field, extension, 'the conversion produced no pages')
      }
      return { pdf, pages, original: { bytes, extension } }
    },
    async close() {
      await offices?.close()
      if (profilesRoot) await rm(await profilesRoot, { recursive: true, force: true })
    },
    instances() {
      return offices?.status() ?? []
    },
    get load() {
      return pool.load
    },
  }
}

const conversionError = (field: string, extension: string, reason: string) =>
  new InvalidRequestError(`${field} could not be converted from ${extension} to PDF: ${reason}`, {
    errorCode: FORMAT_CONVERSION_ERROR,
  })

/** The bytes LibreOffice converts: HTML sanitized, office packages without outside references. */
function prepareForLibreOffice(
  bytes: Uint8Array,
  extension: string,
  format: DocumentFormat,
  field: string,
): Uint8Array {
  if (format.content === 'html') return sanitizeHtmlBytes(bytes)
  if (format.content !== 'office') return bytes
  try {
    return prepareOfficeDocument(bytes, extension)
  } catch (error) {
    if (error instanceof UnreadableDocumentError) throw conversionError(field, extension, error.message)
    throw error
  }
}

const PDF_MAGIC = Buffer.from('%PDF-')

/**
 * Decodes an inline document and converts it. An extension guessed from the name (no `fileExtension`)
 * never overrides bytes that are a PDF, so PDFs named e.g. `offer.docx` keep working as before.
 */
export async function readInlineDocument(
  converter: DocumentConverter,
  document: { documentBase64: string; fileExtension?: string | undefined; name?: string | undefined },
  field: string,
): Promise<ConvertedDocument> {
  const bytes = decodeBase64Strict(document.documentBase64, `${field}.documentBase64`)
  return readDocumentBytes(converter, bytes, document, field)
}

/** Converts a document's bytes as an inline document's are (readInlineDocument), e.g. a raw upload's. */
export function readDocumentBytes(
  converter: DocumentConverter,
  bytes: Uint8Array,
  document: { fileExtension?: string | undefined; name?: string | undefined },
  field: string,
): Promise<ConvertedDocument> {
  const explicit = document.fileExtension !== undefined && document.fileExtension.trim() !== ''
  const isPdf = Buffer.from(bytes.subarray(0, PDF_MAGIC.length)).equals(PDF_MAGIC)
  const extension = !explicit && isPdf ? 'pdf' : extensionOf(document.fileExtension, document.name)
  return converter.toPdf(bytes, extension, field)
}

/** Accepts PDFs only: for callers with no converter at hand (the demo templates, which are PDFs). */
export const pdfOnlyConverter: DocumentConverter = {
  async toPdf(bytes, extension, field) {
    if (formatOf(extension)?.converter !== 'pdf') {
      throw new InvalidRequestError(`${field}.fileExtension must be pdf`)
    }
    return { pdf: bytes, pages: await countPdfPages(bytes, `${field}.documentBase64`) }
  },
  async close() {},
}

/**
 * Like Promise.all, but waits for every promise and rejects with the first failure in array order, so
 * a request with several bad documents always names the same one.
 */
export async function allInOrder<T>(promises: Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(promises)
  return settled.map((result) => {
    if (result.status === 'rejected') throw result.reason
    return result.value
  })
}
