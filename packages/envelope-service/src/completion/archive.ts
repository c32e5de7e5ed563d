import { zipSync } from 'fflate'

/**
 * `documents/archive`: one zip with each signed document and the certificate of completion. Entry
 * names are the documents' names made safe for every unzip tool (no folders, no control characters),
 * with `.pdf` added when missing and " (2)", " (3)"… keeping duplicates apart.
 */

export interface ArchiveEntry {
  name: string
  bytes: Uint8Array
}

/** `modified` is each entry's time: the envelope's completion, so the same envelope always zips alike. */
export function buildArchive(
  documents: ArchiveEntry[],
  certificate: ArchiveEntry,
  modified: Date,
): Uint8Array {
  const files: Record<string, Uint8Array> = {}
  for (const entry of [...documents, certificate])
    files[uniqueName(files, safeName(entry.name))] = entry.bytes
  // PDF streams are already compressed; a fast level saves time without growing the zip.
  return zipSync(files, { level: 1, mtime: modified })
}

export function safeName(name: string): string {
  const cleaned = name
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '_')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 200)
  const base = cleaned || 'document'
  return /\.pdf$/i.test(base) ? base : `${base}.pdf`
}

function uniqueName(taken: Record<string, unknown>, name: string): string {
  if (!(name in taken)) return name
  const stem = name.replace(/\.pdf$/i, '')
  for (let copy = 2; ; copy++) {
    const candidate = `${stem} (${copy}).pdf`
    if (!(candidate in taken)) return candidate
  }
}
