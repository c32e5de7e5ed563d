import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { makePdfBase64 } from '../documents/test-pdfs.js'
import { seedPrincipal, startTestService, type TestPrincipal, type TestService } from '../testing/harness.js'
import { injectAs } from '../testing/inject.js'

describeEachDatabase("a template's conditional fields", (databases) => {
  let service: TestService
  let sender: TestPrincipal
  let onePage: string

  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl())
    sender = await seedPrincipal(service.ctx)
    onePage = await makePdfBase64(1)
  })
  afterAll(() => service?.close())

  const at = (y: number) => ({ documentId: '1', pageNumber: '1', xPosition: '50', yPosition: String(y) })
  const template = (child: Record<string, string>) => ({
    name: 'Conditional',
    documents: [{ documentId: '1', name: 'One.pdf', fileExtension: 'pdf', documentBase64: onePage }],
    recipients: {
      signers: [
        {
          recipientId: '1',
          roleName: 'Tenant',
          tabs: {
            checkboxTabs: [{ ...at(50), tabLabel: 'Pets' }],
            radioGroupTabs: [
              {
                documentId: '1',
                groupName: 'Plan',
                radios: [
                  { ...at(100), value: 'basic' },
                  { ...at(120), value: 'plus' },
                ],
              },
            ],
            textTabs: [{ ...at(200), tabLabel: 'PetName', ...child }],
          },
        },
      ],
    },
  })
  const create = (child: Record<string, string>) =>
    injectAs(service, sender, 'POST', '/templates', template(child))

  it('stores a child of a checkbox or a radio group and returns it unchanged', async () => {
    for (const child of [
      { conditionalParentLabel: 'Pets', conditionalParentValue: 'on' },
      { conditionalParentLabel: 'Plan', conditionalParentValue: 'plus' },
    ]) {
      const created = await create(child)
      expect(created.statusCode, created.body).toBe(201)
      const read = await injectAs(service, sender, 'GET', `/templates/${created.json().templateId}`)
      expect(read.json().recipients.signers[0].tabs.textTabs[0]).toMatchObject(child)
    }
  })

  it('refuses deleting the parent of a conditional field with a tab operation, and keeps it', async () => {
    const created = await create({ conditionalParentLabel: 'Pets', conditionalParentValue: 'on' })
    const { templateId } = created.json()
    const tabsPath = `/templates/${templateId}/recipients/1/tabs`
    const before = (await injectAs(service, sender, 'GET', tabsPath)).json()
    const pets = before.checkboxTabs[0]
    const refused = await injectAs(service, sender, 'DELETE', tabsPath, {
      checkboxTabs: [{ tabId: pets.tabId }],
    })
    expect(refused.statusCode, refused.body).toBe(400)
    expect(refused.json().errorCode).toBe('CONDITIONALTAB_HAS_INVALID_PARENT')
    expect((await injectAs(service, sender, 'GET', tabsPath)).json().checkboxTabs).toHaveLength(1)
  })

  it('refuses an unknown parent or a value the parent cannot take with CONDITIONALTAB_HAS_INVALID_PARENT', async () => {
    for (const [child, message] of [
      [{ conditionalParentLabel: 'Nope', conditionalParentValue: 'on' }, "'Nope' is not another tab"],
      [{ conditionalParentLabel: 'Pets', conditionalParentValue: 'yes' }, "must be one of 'on', 'off'"],
      [{ conditionalParentLabel: 'Plan', conditionalParentValue: 'gold' }, "must be one of 'basic', 'plus'"],
      [{ conditionalParentLabel: 'Plan' }, 'conditionalParentValue is required'],
    ] as const) {
      const response = await create(child)
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json().errorCode).toBe('CONDITIONALTAB_HAS_INVALID_PARENT')
      expect(response.json().message).toContain(`recipients.signers[0].tabs.textTabs[0].conditionalParent`)
      expect(response.json().message).toContain(message)
    }
  })
})
