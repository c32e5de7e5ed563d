import { sql } from 'kysely'
import { connectDatabase, ensureExtensions, migrateToLatest } from 'platform'
import { describeEachDatabase } from 'platform/testing'
import { expect, it } from 'vitest'
import { startTestService } from '../testing/harness.js'
import { recipesMigration } from './0001_recipes.js'

describeEachDatabase(
  'upgrading a database made before accent folding, source keys and tag walks',
  (databases) => {
    it('refolds stored search text, keys stored source links and finds old tag links, so old rows behave like new ones', async () => {
      const url = await databases.freshUrl()
      const old = connectDatabase<unknown>(url)
      await ensureExtensions(old)
      await migrateToLatest(old, (dialect) => ({ '0001_recipes': recipesMigration(dialect) }))
      const now = '2026-03-24T12:00:00.000Z'
      // As the first version stored it: lower-cased only, accents kept.
      await sql`insert into recipes (title, ingredients, instructions, source_url, search_text, created_at, updated_at)
      values ('Crème brûlée', '["azúcar"]', '["Hornea."]', 'https://Example.com/creme/#x', ${'crème brûlée\u001fazúcar'}, ${now}, ${now})`.execute(
        old.db,
      )
      await sql`insert into tags (name, name_key, created_at) values ('Postre', 'postre', ${now})`.execute(
        old.db,
      )
      await sql`insert into recipe_tags (recipe_id, tag_id) select recipes.id, tags.id from recipes, tags`.execute(
        old.db,
      )
      await old.close()

      const service = await startTestService(url)
      try {
        const found = (await service.app.inject('/api/recipes?search=creme')).json()
        expect(found.recipes.map((recipe: { title: string }) => recipe.title)).toEqual(['Crème brûlée'])
        expect((await service.app.inject('/api/recipes?search=AZUCAR')).json().total).toBe(1)
        const imported = await service.app.inject({
          method: 'POST',
          url: '/api/imports/html',
          payload: {
            html: `<script type="application/ld+json">{"@type":"Recipe","name":"x","url":"https://example.com/creme"}</script>`,
          },
        })
        expect(imported.json().duplicateOf).toBe(found.recipes[0].id)
        // The link made before 0004 (and the index 0006 put in place of 0004's) is found by the tag walk.
        const [tag] = (await service.app.inject('/api/tags')).json().tags
        const tagged = (await service.app.inject(`/api/recipes?tag=${tag.id}`)).json()
        expect(tagged.recipes.map((recipe: { title: string }) => recipe.title)).toEqual(['Crème brûlée'])
      } finally {
        await service.close()
      }
    })
  },
)
