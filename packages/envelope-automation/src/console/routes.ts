import type { App } from 'platform'
import { NotFoundError } from 'platform'
import { findCase, findContact, listCaseEnvelopes, listCases } from '../cases/repository.js'
import type { CaseStore } from '../cases/store.js'
import { asHttpError } from './errors.js'
import type { EsignConnection } from './esign-connection.js'
import {
  CaseDetail,
  CaseList,
  CaseListQuery,
  CaseParams,
  ErrorBody,
  SendRequest,
  SendResult,
  ServiceFailure,
  SmsPhoneNeeded,
  TemplateOptions,
} from './schema.js'
import { sendFromConsole } from './send.js'
import { serviceFailure } from './service-failure.js'

export interface ConsoleRoutesOptions {
  store: CaseStore
  esign: EsignConnection
}

/** The JSON API under /api that the web app calls. */
export async function consoleApiRoutes(app: App, { store, esign }: ConsoleRoutesOptions) {
  app.get(
    '/cases',
    { schema: { querystring: CaseListQuery, response: { 200: CaseList } } },
    async (request) => {
      const { search, offset, limit } = request.query
      // The store lists from the start; one row past the page tells whether another page follows.
      const rows = await listCases(store.db, { limit: offset + limit + 1, ...(search ? { search } : {}) })
      const page = rows.slice(offset, offset + limit)
      return {
        cases: page.map((row) => ({
          id: row.id,
          caseNumber: row.caseNumber,
          contactName: row.contactName,
          language: row.language,
        })),
        offset,
        limit,
        hasMore: rows.length > offset + limit,
      }
    },
  )

  app.get(
    '/cases/:id',
    { schema: { params: CaseParams, response: { 200: CaseDetail, 404: ErrorBody } } },
    async (request) => {
      const caseRecord = await findCase(store.db, request.params.id)
      if (!caseRecord) throw new NotFoundError(`case ${request.params.id} does not exist`)
      const contact = caseRecord.signingRecipient1
        ? await findContact(store.db, caseRecord.signingRecipient1)
        : undefined
      const envelopes = await listCaseEnvelopes(store.db, caseRecord.id)
      return {
        id: caseRecord.id,
        caseNumber: caseRecord.caseNumber,
        language: caseRecord.language,
        contact: contact ? { name: contact.name, email: contact.email, mobile: contact.mobile } : null,
        serviceCoordinator: {
          name: caseRecord.serviceCoordinatorName,
          email: caseRecord.serviceCoordinatorEmail,
        },
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
    '/templates',
    { schema: { response: { 200: TemplateOptions, 502: ServiceFailure, 504: ServiceFailure } } },
    async (_request, reply) => {
      try {
        const templates = await esign().listTemplates()
        return {
          templates: templates.map((template) => ({
            templateId: template.templateId,
            name: template.name,
            description: template.description ?? '',
          })),
        }
      } catch (error) {
        const failure = serviceFailure(error)
        if (failure) return reply.code(failure.status).send(failure.body)
        throw asHttpError(error)
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
      const caseRecord = await findCase(store.db, request.params.id)
      if (!caseRecord) throw new NotFoundError(`case ${request.params.id} does not exist`)
      let outcome: Awaited<ReturnType<typeof sendFromConsole>>
      try {
        outcome = await sendFromConsole({ store, esign }, caseRecord.id, request.body)
      } catch (error) {
        throw asHttpError(error)
      }
      switch (outcome.kind) {
        case 'sent':
          return reply
            .code(201)
            .send({ envelopeId: outcome.envelopeId, recipientSmsPhone: outcome.recipientSmsPhone })
        case 'sms_phone_needed':
        case 'service_failure':
          return reply.code(outcome.status).send(outcome.body)
      }
    },
  )
}
