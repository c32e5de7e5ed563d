import type {
  CaseDetail,
  CaseList,
  SendRequest,
  SendResult,
  ServiceFailure,
  SmsPhoneNeeded,
  TemplateOptions,
} from '../../src/console/schema.js'

export type { CaseDetail, CaseList, SendRequest, TemplateOptions }

/** A refusal or failure of the console API, with the body it came with. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.error === 'string' ? body.error : `HTTP ${status}`)
  }
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(path, {
    ...init,
    headers: { accept: 'application/json', ...(init?.body ? { 'content-type': 'application/json' } : {}) },
  })
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>
  if (!response.ok) throw new ApiError(response.status, body)
  return body as T
}

export function listCases(search: string, offset: number, limit: number): Promise<CaseList> {
  const query = new URLSearchParams({ offset: String(offset), limit: String(limit) })
  if (search.trim()) query.set('search', search.trim())
  return call(`/api/cases?${query}`)
}

export const getCase = (id: string) => call<CaseDetail>(`/api/cases/${encodeURIComponent(id)}`)

export const listTemplates = () => call<TemplateOptions>('/api/templates')

export type SendOutcome =
  | { kind: 'sent'; result: SendResult }
  | { kind: 'sms_phone_needed'; screen: SmsPhoneNeeded }
  | { kind: 'failed'; status: number | null; errorCode: string | null; message: string }

/** Posts the send form; the flow's stop at the SMS phone screen and every failure come back as outcomes. */
export async function sendForSignature(caseId: string, request: SendRequest): Promise<SendOutcome> {
  try {
    const result = await call<SendResult>(`/api/cases/${encodeURIComponent(caseId)}/send`, {
      method: 'POST',
      body: JSON.stringify(request),
    })
    return { kind: 'sent', result }
  } catch (error) {
    if (!(error instanceof ApiError)) {
      return { kind: 'failed', status: null, errorCode: null, message: (error as Error).message }
    }
    if (error.body.step === 'SMS_Phone_Screen') {
      return { kind: 'sms_phone_needed', screen: error.body as unknown as SmsPhoneNeeded }
    }
    if (typeof error.body.errorCode === 'string') {
      const failure = error.body as unknown as ServiceFailure
      return {
        kind: 'failed',
        status: failure.serviceStatus,
        errorCode: failure.errorCode,
        message: failure.message,
      }
    }
    return { kind: 'failed', status: error.status, errorCode: null, message: error.message }
  }
}
