/**
 * The text `search_text` is matched against, one row per envelope (migration 0034): the subject, each
 * recipient's name and email, each custom field's value, one per line. A search text without a line
 * break (search.ts `joinable`) matches a substring of this text exactly when it matches a substring of
 * one of the values, so one indexed column answers what four table scans answered before. The sender's
 * name is not here: it lives on the user, who can rename, and is matched on `users` (a small table).
 */
export interface SearchableValues {
  subject: string
  recipients: readonly { name?: string | null; email?: string | null }[]
  customFieldValues: readonly string[]
}

export function searchTextBody(values: SearchableValues): string {
  const lines = [values.subject]
  for (const recipient of values.recipients) {
    if (recipient.name) lines.push(recipient.name)
    if (recipient.email) lines.push(recipient.email)
  }
  for (const value of values.customFieldValues) if (value) lines.push(value)
  return lines.join('\n')
}
