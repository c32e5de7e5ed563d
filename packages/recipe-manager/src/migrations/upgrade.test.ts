import { sql } from 'kysely'
import { connectDatabase, migrateToLatest } from 'platform'
import { describeEachDatabase } from 'platform/testing'
import { expect, it } from 'vitest'
import { startTestService } from '../testing/harness.js'
import { recipesMigration } from './0001_recipes.js'
import { ensureExtensions } from './extensions.js'

describeEachDatabase('upgrading a database made before accent folding and source keys', (databases) => {
  it('refolds stored search text and keys stored source links, so old rows behave like new ones', async () => {
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
    } finally {
      await service.close()
    }
  })
})
