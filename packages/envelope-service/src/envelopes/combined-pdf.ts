import { PDFDocument } from 'pdf-lib'

/** One PDF holding every page of `documents`, in order (DocuSign's `documents/combined`). */
export async function combinePdfs(documents: Uint8Array[]): Promise<Uint8Array> {
  const combined = await PDFDocument.create()
  for (const bytes of documents) {
    const source = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false })
    const pages = await combined.copyPages(source, source.getPageIndices())
    for (const page of pages) combined.addPage(page)
  }
  return combined.save()
}
