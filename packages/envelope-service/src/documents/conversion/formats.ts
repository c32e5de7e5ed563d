/**
 * The document formats the service accepts and how each becomes a PDF: PDFs are kept as sent, images
 * are placed on a page with pdf-lib, everything else goes through LibreOffice with the import filter
 * that reads it. The extension decides (DocuSign's `fileExtension`, else the document name's), not the
 * bytes: a file that does not match its extension fails conversion with a 400.
 */

export type Converter = 'pdf' | 'image' | 'libreoffice'

export interface DocumentFormat {
  converter: Converter
  /**
   * LibreOffice `--infilter`, where its type detection needs help: HTML opened as a Writer document
   * (not Writer/Web, whose PDF export splits pages oddly), text read as UTF-8.
   */
  importFilter?: string
}

const FORMATS: Readonly<Record<string, DocumentFormat>> = {
  pdf: { converter: 'pdf' },
  png: { converter: 'image' },
  jpg: { converter: 'image' },
  jpeg: { converter: 'image' },
  html: { converter: 'libreoffice', importFilter: 'HTML (StarWriter)' },
  htm: { converter: 'libreoffice', importFilter: 'HTML (StarWriter)' },
  txt: { converter: 'libreoffice', importFilter: 'Text (encoded):UTF8,LF,,,' },
  rtf: { converter: 'libreoffice' },
  doc: { converter: 'libreoffice' },
  docx: { converter: 'libreoffice' },
  odt: { converter: 'libreoffice' },
  xls: { converter: 'libreoffice' },
  xlsx: { converter: 'libreoffice' },
  ods: { converter: 'libreoffice' },
  // Presentations (ppt, pptx, odp) would need LibreOffice Impress, which .ci/run does not install.
}

/** Every accepted extension, for messages and the README. */
export const ACCEPTED_EXTENSIONS: readonly string[] = Object.keys(FORMATS)

/** `.DOCX`, `docx` and ` docx ` are the same extension. */
export const normalizeExtension = (extension: string): string =>
  extension.trim().replace(/^\./, '').toLowerCase()

/** The format of an extension, or undefined when the service does not accept it. */
export function formatOf(extension: string): DocumentFormat | undefined {
  const normalized = normalizeExtension(extension)
  return Object.hasOwn(FORMATS, normalized) ? FORMATS[normalized] : undefined
}

/**
 * The extension a document is read as: its `fileExtension` when given, else the extension of its name
 * when that is an accepted format (DocuSign infers it from the name too), else `pdf`, as before
 * conversion existed.
 */
export function extensionOf(fileExtension: string | undefined, name: string | undefined): string {
  if (fileExtension !== undefined && fileExtension.trim() !== '') return normalizeExtension(fileExtension)
  const dot = name?.lastIndexOf('.') ?? -1
  if (name !== undefined && dot > 0) {
    const fromName = normalizeExtension(name.slice(dot + 1))
    if (formatOf(fromName)) return fromName
  }
  return 'pdf'
}
