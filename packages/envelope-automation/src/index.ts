/** The CRM-side envelope automation as a library: client, composition, recipients, action, flow, cases, listener. */

export { buildEnvelopeDefinition, type ChosenTemplate } from './actions/envelope-definition.js'
export { type SendCompositeEnvelopeInput, sendCompositeEnvelope } from './actions/send-composite-envelope.js'
export { ensureDemoData } from './cases/demo-data.js'
export { type ImportSummary, importCases, readImportFile } from './cases/import.js'
export type { CaseEnvelope, CaseReader, CaseRecord, Contact, EnvelopeRecorder } from './cases/model.js'
export { listCaseEnvelopes, listCases } from './cases/repository.js'
export { caseDetail, casePage } from './cases/service.js'
export { type CaseStore, openCaseStore } from './cases/store.js'
export type { RetryPolicy } from './client/backoff.js'
export {
  CREATE_ENVELOPE_TIMEOUT_MS,
  createEsignClient,
  type EsignClient,
  type EsignClientOptions,
  type NamedCredential,
} from './client/client.js'
export { EnvelopeApiError, RequestTimeoutError, TokenExchangeError } from './client/errors.js'
export { fileTokenStore, type StoredToken, type TokenStore } from './client/token-file.js'
export * from './composition/index.js'
export { envelopeCustomFields } from './custom-fields/custom-fields.js'
export { AutomationInputError, InvalidPhoneError, MessageLockedError } from './errors.js'
export {
  FLOW_VERSION,
  type FlowScreens,
  type FlowStep,
  PAUSE,
  type PhoneProblem,
  runGuidedSendFlow,
} from './flow/guided-send.js'
export { recordConnectEvent } from './listener/completion.js'
export { type ConnectOutcome, type IgnoredReason, reasonToIgnore } from './listener/decide.js'
export { CONNECT_LISTENER_PATH, registerCompletionListener } from './listener/routes.js'
export { signConnectBody } from './listener/signature.js'
export * from './recipients/index.js'
export { createUser, signIn } from './users/service.js'
