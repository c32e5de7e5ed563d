import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { seedPrincipal, startTestService, type TestPrincipal, type TestService } from '../testing/harness.js'
import { insertTemplate, listTemplates } from './repository.js'

const alphabet = ['a', 'B', 'é', 'É', '%', '_', '\\', ' ', "'", '1']
const nameArbitrary = fc
  .array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 6 })
  .map((chars) => chars.join(''))

describeEachDatabase('template search and ordering (property)', (databases) => {
  let service: TestService
  let owner: TestPrincipal
  let names: string[]

  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl())
    owner = await seedPrincipal(service.ctx)
    names = fc.sample(nameArbitrary, { numRuns: 60, seed: 42 })
    for (const name of names) {
      await insertTemplate(
        service.ctx.db,
        owner,
        {
          templateId: randomUUID(),
          name,
          description: '',
          shared: false,
          emailSubject: '',
          emailBlurb: '',
          recipients: [],
          customFields: { textCustomFields: [], listCustomFields: [] },
          documents: [],
        },
        new Date(service.ctx.now()).toISOString(),
      )
    }
  })
  afterAll(() => service.close())

  const query = (searchText: string | undefined, direction: 'asc' | 'desc' = 'asc') =>
    listTemplates(service.ctx.db, {
      accountId: owner.accountId,
      viewer: { userId: owner.userId, seesAll: false },
      searchText,
      sortField: 'name',
      direction,
      start: 0,
      count: 100,
    })

  it('matches exactly the names containing the search text, case-insensitively and literally', async () => {
    await fc.assert(
      fc.asyncProperty(nameArbitrary, async (search) => {
        const needle = search.toLowerCase()
        const { templates, total } = await query(needle)
        const expected = names.filter((name) => name.toLowerCase().includes(needle))
        expect(templates.map((t) => t.name).sort()).toEqual([...expected].sort())
        expect(total).toBe(expected.length)
      }),
      { numRuns: 40, seed: 7 },
    )
  })

  it('orders by the lower-cased name in code-point order on both databases', async () => {
    const key = (name: string) => name.toLowerCase()
    const byKey = (a: string, b: string) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)
    const { templates } = await query(undefined)
    const keys = templates.map((t) => key(t.name))
    expect(keys).toEqual([...names].sort(byKey).map(key))
    const descending = (await query(undefined, 'desc')).templates.map((t) => key(t.name))
    expect(descending).toEqual([...keys].reverse())
  })
})
