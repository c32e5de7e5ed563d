import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makePdfBase64 } from '../documents/test-pdfs.js'
import { seedPrincipal, startTestService, type TestPrincipal, type TestService } from '../testing/harness.js'
import { injectAs } from '../testing/inject.js'
import { SPEC_OPERATIONS, specErrors } from '../testing/spec-responses.js'

/**
 * The responses of a send-and-track flow (templates, envelopes, recipients, tabs, documents, Connect,
 * folders) validated against DocuSign's response schemas for the same operations.
 */
describeEachDatabase("responses against DocuSign's schemas", (databases) => {
  let service: TestService
  let admin: TestPrincipal
  let onePage: string
  const checked = new Set<string>()
  const failures: string[] = []

  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl())
    admin = await seedPrincipal(service.ctx, {
      permissions: ['send_envelopes', 'manage_templates', 'administer'],
    })
    onePage = await makePdfBase64(1)
  })
  afterAll(() => service?.close())

  /** A call whose 2xx answer is checked against the spec's schema for `operation`. */
  async function call(
    operation: string,
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    payload?: object,
  ): Promise<Record<string, unknown>> {
    const response = await injectAs(service, admin, method, path, payload)
    expect(response.statusCode, `${operation}: ${response.body}`).toBe(Number(operation.split(' ').at(-1)))
    const body = response.body === '' ? undefined : response.json()
    for (const error of specErrors(operation, body)) failures.push(`${operation}: ${error}`)
    checked.add(operation)
    return body
  }

  it('validates every response of the flow', async () => {
    const signHere = { documentId: '1', pageNumber: '1', xPosition: '100', yPosition: '100' }
    const documents = [{ documentId: '1', name: 'One.pdf', fileExtension: 'pdf', documentBase64: onePage }]
    await call('GET / 200', 'GET', '')
    const template = await call('POST /templates 201', 'POST', '/templates', {
      name: 'Spec',
      documents,
      recipients: { signers: [{ recipientId: '1', roleName: 'Client', tabs: { signHereTabs: [signHere] } }] },
      customFields: { textCustomFields: [{ name: 'Case', value: '1' }] },
    })
    const templateId = String(template.templateId)
    await call('GET /templates 200', 'GET', '/templates')
    await call('GET /templates/{templateId} 200', 'GET', `/templates/${templateId}`)
    await call('PUT /templates/{templateId} 200', 'PUT', `/templates/${templateId}`, { name: 'Spec 2' })
    const created = await call('POST /envelopes 201', 'POST', '/envelopes', {
      status: 'sent',
      emailSubject: 'Spec',
      templateId,
      templateRoles: [{ roleName: 'Client', name: 'Ana', email: 'ana@example.test', clientUserId: '7' }],
    })
    const envelopeId = String(created.envelopeId)
    await call('GET /envelopes 200', 'GET', '/envelopes?from_date=2000-01-01')
    await call(
      'GET /envelopes/{envelopeId} 200',
      'GET',
      `/envelopes/${envelopeId}?include=recipients,documents,custom_fields,tabs`,
    )
    await call(
      'GET /envelopes/{envelopeId}/recipients 200',
      'GET',
      `/envelopes/${envelopeId}/recipients?include_tabs=true`,
    )
    await call(
      'GET /envelopes/{envelopeId}/recipients/{recipientId}/tabs 200',
      'GET',
      `/envelopes/${envelopeId}/recipients/1/tabs`,
    )
    await call(
      'GET /envelopes/{envelopeId}/custom_fields 200',
      'GET',
      `/envelopes/${envelopeId}/custom_fields`,
    )
    await call('GET /envelopes/{envelopeId}/documents 200', 'GET', `/envelopes/${envelopeId}/documents`)
    await call('GET /envelopes/{envelopeId}/form_data 200', 'GET', `/envelopes/${envelopeId}/form_data`)
    await call('GET /envelopes/{envelopeId}/audit_events 200', 'GET', `/envelopes/${envelopeId}/audit_events`)
    await call(
      'POST /envelopes/{envelopeId}/views/recipient 201',
      'POST',
      `/envelopes/${envelopeId}/views/recipient`,
      {
        returnUrl: 'https://crm.example.test/back',
        authenticationMethod: 'none',
        clientUserId: '7',
        userName: 'Ana',
        email: 'ana@example.test',
      },
    )
    await call('PUT /envelopes/{envelopeId}/recipients 200', 'PUT', `/envelopes/${envelopeId}/recipients`, {
      signers: [{ recipientId: '1', name: 'Ana Ruiz' }],
    })
    await call('GET /folders 200', 'GET', '/folders')
    await call('GET /folders/{folderId} 200', 'GET', '/folders/sentitems')
    await call('PUT /envelopes/{envelopeId} 200', 'PUT', `/envelopes/${envelopeId}`, {
      status: 'voided',
      voidedReason: 'Spec check',
    })
    const connect = await call('POST /connect 201', 'POST', '/connect', {
      name: 'Spec hook',
      urlToPublishTo: 'https://hooks.example.com/docusign',
      allUsers: 'true',
      configurationType: 'custom',
      events: ['envelope-sent'],
      eventData: { version: 'restv2.1', format: 'json' },
    })
    await call('GET /connect 200', 'GET', '/connect')
    await call('GET /connect/{connectId} 200', 'GET', `/connect/${String(connect.connectId)}`)
    await call('GET /connect/logs 200', 'GET', '/connect/logs')
    await call('GET /connect/failures 200', 'GET', '/connect/failures')

    expect(failures).toEqual([])
    // Every operation of the vendored extract this flow can reach was checked.
    expect(checked.size).toBeGreaterThanOrEqual(SPEC_OPERATIONS.length - 4)
  })
})

describe('the spec check', () => {
  it('names a field of the wrong type, so a response off the spec fails', () => {
    expect(
      specErrors('GET /envelopes/{envelopeId}/recipients 200', { signers: [{ recipientId: 5 }] }),
    ).toEqual(['/signers/0/recipientId must be string'])
    expect(specErrors('GET /connect/logs 200', { logs: 'x' })).toEqual(['/logs must be array'])
  })
})
