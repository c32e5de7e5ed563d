/** Builds multipart bodies for tests, the way DocuSign's examples lay them out (CRLF line breaks). */
export interface TestPart {
  headers: Record<string, string>
  body: string | Uint8Array
}

export function multipartBody(boundary: string, parts: TestPart[], lineBreak = '\r\n'): Buffer {
  const chunks: Buffer[] = []
  for (const part of parts) {
    const head = Object.entries(part.headers)
      .map(([name, value]) => `${name}: ${value}${lineBreak}`)
      .join('')
    chunks.push(Buffer.from(`--${boundary}${lineBreak}${head}${lineBreak}`))
    chunks.push(typeof part.body === 'string' ? Buffer.from(part.body) : Buffer.from(part.body))
    chunks.push(Buffer.from(lineBreak))
  }
  chunks.push(Buffer.from(`--${boundary}--${lineBreak}`))
  return Buffer.concat(chunks)
}

/** DocuSign's layout: the JSON definition first, then one `file` part per document. */
export function docusignMultipart(
  boundary: string,
  definition: unknown,
  files: Array<{ documentId: string; filename: string; contentType?: string; bytes: Uint8Array }>,
): Buffer {
  return multipartBody(boundary, [
    {
      headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'form-data' },
      body: JSON.stringify(definition),
    },
    ...files.map((file) => ({
      headers: {
        'Content-Type': file.contentType ?? 'application/octet-stream',
        'Content-Disposition': `file; filename="${file.filename}"; documentid=${file.documentId}`,
      },
      body: file.bytes,
    })),
  ])
}
