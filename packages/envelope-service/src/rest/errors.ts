import type { DescribedError, ErrorKind } from 'platform'
import { PRODUCT_NAME } from '../product.js'

const codeOfKind: Record<ErrorKind, string> = {
  invalid_request: 'INVALID_REQUEST_PARAMETER',
  unauthorized: 'USER_AUTHENTICATION_FAILED',
  forbidden: 'USER_LACKS_PERMISSIONS',
  not_found: 'RESOURCE_NOT_FOUND',
  conflict: 'DUPLICATE_RESOURCE',
  payload_too_large: 'INVALID_REQUEST_PARAMETER',
  unsupported_media_type: 'INVALID_REQUEST_PARAMETER',
  rate_limited: 'HOURLY_APIINVOCATION_LIMIT_EXCEEDED',
  internal: `${PRODUCT_NAME.toUpperCase()}_GENERIC_ERROR`,
  unavailable: `${PRODUCT_NAME.toUpperCase()}_GENERIC_ERROR`,
}

/** DocuSign's error body: `{errorCode, message}` on every non-2xx REST response. */
export function renderRestError(error: DescribedError) {
  return { errorCode: error.errorCode ?? codeOfKind[error.kind], message: error.message }
}
