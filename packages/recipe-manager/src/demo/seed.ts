import type { ServiceContext } from '../context.js'
import { countRecipes } from '../recipes/repository.js'
import { createRecipe } from '../recipes/service.js'
import { createTag } from '../tags/service.js'
import { demoRecipes, demoTags } from './data.js'
import { claimOnce } from './repository.js'

/**
 * Inserts the demo recipes and tags the first time the service meets an empty database. Claimed once
 * per database, so restarting (or emptying the database on purpose) never brings them back.
 * Returns whether it seeded.
 */
export async function seedDemoData(ctx: ServiceContext): Promise<boolean> {
  if (!(await claimOnce(ctx.db, 'demo_data_seeded', new Date(ctx.now()).toISOString()))) return false
  if ((await countRecipes(ctx.db)) > 0) return false
  const tagIds = new Map<string, number>()
  for (const name of demoTags) tagIds.set(name, (await createTag(ctx, name)).id)
  for (const recipe of demoRecipes) {
    await createRecipe(ctx, { ...recipe, tags: recipe.tags.map((name) => tagIds.get(name) as number) })
  }
  return true
}
