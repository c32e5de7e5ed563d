import type { ImportedDraft } from '../api.js'

/** A draft read by an import, handed to the new-recipe form through the tab's session storage. */
const KEY = 'recipes.importedDraft'

export function keepDraft(draft: ImportedDraft) {
  sessionStorage.setItem(KEY, JSON.stringify(draft))
}

/** The waiting draft, once: reading it removes it, so a later blank form starts blank. */
export function takeDraft(): ImportedDraft | undefined {
  const text = sessionStorage.getItem(KEY)
  sessionStorage.removeItem(KEY)
  return text === null ? undefined : (JSON.parse(text) as ImportedDraft)
}
