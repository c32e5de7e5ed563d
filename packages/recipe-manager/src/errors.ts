import type { DescribedError } from 'platform'

/** The recipe manager's error body on every 4xx and 5xx: `{success: false, error}`. */
export function renderRecipeError(error: DescribedError) {
  return { success: false as const, error: error.message }
}
