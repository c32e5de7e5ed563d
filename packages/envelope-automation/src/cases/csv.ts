/**
 * RFC 4180 CSV: comma separated, fields optionally in double quotes (a quote inside doubled), quoted fields
 * may hold commas and line breaks, CRLF or LF line ends, a leading byte-order mark ignored. The first record
 * is the header; blank lines are skipped. Returns each record as an object keyed by header, with its line.
 */
export function parseCsv(text: string): { line: number; values: Record<string, string> }[] {
  const records = parseRecords(text.replace(/^\uFEFF/, ''))
  const [header, ...rows] = records
  if (!header) return []
  const names = header.fields.map((name) => name.trim())
  return rows
    .filter((row) => row.fields.some((field) => field.trim() !== ''))
    .map((row) => ({
      line: row.line,
      values: Object.fromEntries(names.map((name, index) => [name, row.fields[index] ?? ''])),
    }))
}

function parseRecords(text: string): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = []
  let fields: string[] = []
  let field = ''
  let quoted = false
  let line = 1
  let recordLine = 1
  for (let i = 0; i < text.length; i++) {
    const character = text[i]
    if (quoted) {
      if (character === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (character === '"') {
        quoted = false
      } else {
        if (character === '\n') line++
        field += character
      }
    } else if (character === '"' && field === '') {
      quoted = true
    } else if (character === ',') {
      fields.push(field)
      field = ''
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && text[i + 1] === '\n') i++
      fields.push(field)
      records.push({ line: recordLine, fields })
      fields = []
      field = ''
      line++
      recordLine = line
    } else {
      field += character
    }
  }
  if (quoted) throw new Error(`CSV: a quoted field opened on line ${recordLine} is never closed`)
  if (field !== '' || fields.length > 0) {
    fields.push(field)
    records.push({ line: recordLine, fields })
  }
  return records
}
