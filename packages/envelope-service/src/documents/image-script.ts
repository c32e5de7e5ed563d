import { fileURLToPath } from 'node:url'

/**
 * The plain JavaScript that lays an image out on a PDF page (run in a child process for PNGs). Resolved
 * from a file two levels below the package, like the service's compiled bundle (`dist/bin/main.js`), so
 * the same relative path finds the script from the TypeScript sources and from the bundle.
 */
export const IMAGE_TO_PDF_SCRIPT = fileURLToPath(
  new URL('../../src/documents/conversion/image-to-pdf.cjs', import.meta.url),
)
