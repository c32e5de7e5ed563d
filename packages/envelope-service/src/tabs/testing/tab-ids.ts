/**
 * Test support: a value with every `tabId` left out, for comparing tabs as a client sent them with tabs
 * read back (which carry the ids the service gave them, tabs/tab-ids.ts).
 */
export function withoutTabIds<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (key, field) => (key === 'tabId' ? undefined : field))) as T
}
