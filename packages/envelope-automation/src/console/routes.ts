import { lockedMessageOf } from 'esign-contract/message-lock'
import type { App } from 'platform'
import { caseDetail, casePage, envelopeOfCase } from '../cases/service.js'
import type { CaseStore } from '../cases/store.js'
import { handleConsoleApiErrors } from './errors.js'
import type { EsignConnection } from './esign-connection.js'
import {
  CaseDetail,
  CaseList,
  CaseListQuery,
  CaseParams,
  EnvelopeParams,
  ErrorBody,
  SendRequest,
  SendResult,
  ServiceFailure,
  SmsPhoneNeeded,
  TemplateOptions,
} from './schema.js'
import { sendFromConsole } from './send.js'

export interface ConsoleRoutesOptions {
  store: CaseStore
  esign: EsignConnection
}

/** The JSON API under /api that the web app calls (signed in: `access.ts`). */
export async function consoleApiRoutes(app: App, { store, esign }: ConsoleRoutesOptions) {
  handleConsoleApiErrors(app)

  app.get(
    '/cases',
    { schema: { querystring: CaseListQuery, response: { 200: CaseList } } },
    async (request) => {
      const { search, offset, limit } = request.query
      const page = await casePage(store.db, { search, offset, limit })
      return {
        cases: page.cases.map((row) => ({
          id: row.id,
          caseNumber: row.caseNumber,
          contactName: row.contactName,
          language: row.language,
          latestEnvelopeStatus: row.latestEnvelopeStatus,
        })),
        offset,
        limit,
        hasMore: page.hasMore,
      }
    },
  )

  app.get(
    '/cases/:id',
    { schema: { params: CaseParams, response: { 200: CaseDetail, 404: ErrorBody } } },
    async (request) => {
      const { record, contact, envelopes } = await caseDetail(store.db, request.params.id)
      return {
        id: record.id,
        caseNumber: record.caseNumber,
        language: record.language,
        contact: contact ? { name: contact.name, email: contact.email, mobile: contact.mobile } : null,
        serviceCoordinator: { name: record.serviceCoordinatorName, email: record.serviceCoordinatorEmail },
        envelopes: envelopes.map(({ envelopeId, status, sentAt, completedAt }) => ({
          envelopeId,
          status,
          sentAt,
          completedAt,
        })),
      }
    },
  )

  app.get(
    '/cases/:id/envelopes/:envelopeId/documents.pdf',
    { schema: { params: EnvelopeParams } },
    async (request, reply) => {
      const { record, envelope } = await envelopeOfCase(
        store.db,
        request.params.id,
        request.params.envelopeId,
      )
      const pdf = await esign().getCombinedPdf(envelope.envelopeId)
      const name = `case-${record.caseNumber}-${envelope.status === 'completed' ? 'signed' : 'documents'}.pdf`
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf)
    },
  )

  app.get(
    '/templates',
    { schema: { response: { 200: TemplateOptions, 502: ServiceFailure, 504: ServiceFailure } } },
    async () => {
      const templates = await esign().listTemplates()
      return {
        templates: templates.map((template) => ({
          templateId: template.templateId,
          name: template.name,
          description: template.description ?? '',
          lockedMessage: lockedMessageOf(template),
        })),
      }
    },
  )

  app.post(
    '/cases/:id/send',
    {
      schema: {
        params: CaseParams,
        body: SendRequest,
        response: {
          201: SendResult,
          404: ErrorBody,
          409: SmsPhoneNeeded,
          422: SmsPhoneNeeded,
          502: ServiceFailure,
          504: ServiceFailure,
        },
      },
    },
    async (request, reply) => {
      const result = await sendFromConsole({ store, esign }, request.params.id, request.body)
      if (result.outcome === 'sent') {
        return reply
          .code(201)
          .send({ envelopeId: result.envelopeId, recipientSmsPhone: result.recipientSmsPhone })
      }
      const { contactName, suggestedPhone, problem, error } = result.screen
      // 409: the phone screen is due (no phone yet); 422: the phone given was refused, with why.
      return reply.code(problem ? 422 : 409).send({
        step: 'SMS_Phone_Screen',
        code: problem ?? 'sms_phone_needed',
        error: error ?? `${contactName} has no email: a mobile number for SMS is required`,
        contactName,
        suggestedPhone,
      })
    },
  )
}
