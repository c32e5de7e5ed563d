/**
 * The document formats the service accepts and how each becomes a PDF: PDFs are kept as sent, images
 * are placed on a page with pdf-lib, everything else goes through LibreOffice with the import filter
 * that reads it. The extension decides (DocuSign's `fileExtension`, else the document name's), not the
 * bytes: a file that does not match its extension fails conversion with a 400.
 */

export type Converter = 'pdf' | 'image' | 'libreoffice'

/**
 * What the bytes of a LibreOffice format must be, checked before LibreOffice sees them: its type
 * detection trusts content over the name, so an HTML page named `.doc` would otherwise be read as HTML,
 * past the HTML sanitizer. `office` is a zip package (OOXML, ODF), an OLE2 compound file or RTF.
 */
export type Content = 'html' | 'text' | 'office'

export interface DocumentFormat {
  converter: Converter
  /**
   * LibreOffice `--infilter`, where its type detection needs help: HTML opened as a Writer document
   * (not Writer/Web, whose PDF export splits pages oddly), text read as UTF-8.
   */
  importFilter?: string
  content?: Content
  /** Presentations need LibreOffice Impress, packaged apart from Writer and Calc. */
  module?: 'impress'
}

const office = (module?: 'impress'): DocumentFormat => ({
  converter: 'libreoffice',
  content: 'office',
  ...(module ? { module } : {}),
})

const FORMATS: Readonly<Record<string, DocumentFormat>> = {
  pdf: { converter: 'pdf' },
  png: { converter: 'image' },
  jpg: { converter: 'image' },
  jpeg: { converter: 'image' },
  html: { converter: 'libreoffice', importFilter: 'HTML (StarWriter)', content: 'html' },
  htm: { converter: 'libreoffice', importFilter: 'HTML (StarWriter)', content: 'html' },
  txt: { converter: 'libreoffice', importFilter: 'Text (encoded):UTF8,LF,,,', content: 'text' },
  rtf: office(),
  doc: office(),
  docx: office(),
  odt: office(),
  xls: office(),
  xlsx: office(),
  ods: office(),
  ppt: office('impress'),
  pptx: office('impress'),
  pps: office('impress'),
  ppsx: office('impress'),
  odp: office('impress'),
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
