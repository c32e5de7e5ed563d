import type { CheerioAPI } from 'cheerio'
import type { Candidate } from './candidate.js'
import { candidateFromSchemaOrg, findRecipes } from './schema-org.js'

/**
 * The recipe a web page describes: its schema.org `Recipe` in JSON-LD, or, when it has none, in
 * microdata (`itemtype=".../Recipe"`, read into the same JSON shape). Undefined when the page has
 * neither. Recipe images are not kept in this version, so the page's `image` is not read.
 * cheerio is loaded on the first import only: it and its parsers add tens of MB to the resident memory
 * of a service that may never import a page.
 */
export async function recipeFromHtml(html: string, pageUrl?: string): Promise<Candidate | undefined> {
  const { load } = await import('cheerio')
  const $ = load(html)
  let found: Record<string, unknown> | undefined
  $('script[type="application/ld+json"]').each((_, script) => {
    if (found) return
    try {
      found = findRecipes(JSON.parse($(script).text()))[0]
    } catch {
      // A broken JSON-LD block is common on the web; the next block, or microdata, may still do.
    }
  })
  if (!found) {
    const scope = $('[itemscope][itemtype*="schema.org/Recipe"]').first()
    if (scope.length > 0) found = microdataObject($, scope)
  }
  return found && candidateFromSchemaOrg(found, pageUrl)
}

/** The item's properties as JSON: repeated properties become lists; nested items, objects. */
function microdataObject($: CheerioAPI, scope: ReturnType<CheerioAPI>): Record<string, unknown> {
  const item: Record<string, unknown> = { '@type': 'Recipe' }
  scope.find('[itemprop]').each((_, element) => {
    const node = $(element)
    // A property of a nested item belongs to that item, not to this one.
    if (node.parent().closest('[itemscope]').get(0) !== scope.get(0)) return
    const name = node.attr('itemprop') as string
    const value =
      node.attr('itemscope') !== undefined
        ? { text: node.find('[itemprop="text"]').text() || node.text() }
        : (node.attr('content') ??
          node.attr('href') ??
          node.attr('src') ??
          node.attr('datetime') ??
          node.text())
    const existing = item[name]
    item[name] =
      existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value]
  })
  for (const list of ['recipeIngredient', 'ingredients', 'recipeInstructions']) {
    if (typeof item[list] === 'string' || (typeof item[list] === 'object' && !Array.isArray(item[list]))) {
      item[list] = [item[list]]
    }
  }
  return item
}
