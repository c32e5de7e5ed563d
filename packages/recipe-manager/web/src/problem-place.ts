import type { Problem } from '../../src/recipes/rules.js'
import type { Messages } from './i18n.js'

/**
 * Where a problem of a recipe body (or a tag's name) is shown: the id of its input in the recipe form, and the label it is
 * named by in the reader's language (the form and an import's report name fields alike).
 */
export function placeOf(problem: Problem, t: Messages): { input: string; label: string } {
  const line = /^(ingredients|instructions)\[(\d+)\]$/.exec(problem.field)
  if (line) {
    const index = Number(line[2])
    return line[1] === 'ingredients'
      ? { input: `ingredients-${index}`, label: t.ingredient(index + 1) }
      : { input: `instructions-${index}`, label: t.step(index + 1) }
  }
  const labels: Record<string, string> = {
    title: t.title,
    description: t.description,
    servings: t.servings,
    sourceUrl: t.sourceUrl,
    notes: t.notes,
    ingredients: t.ingredients,
    instructions: t.steps,
    tags: t.tags,
    // A tag's own name, refused when a tag is created or renamed.
    name: t.tagName,
  }
  const input =
    problem.field === 'ingredients' || problem.field === 'instructions' ? `${problem.field}-0` : problem.field
  return { input, label: labels[problem.field] ?? problem.field }
}
