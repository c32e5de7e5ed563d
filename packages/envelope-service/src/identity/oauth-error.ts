/** The RFC 6749 error codes the token endpoint uses. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'consent_required'
  | 'invalid_token'
  | 'server_error'

/** DocuSign's `error_description` values for `invalid_grant`. */
export type InvalidGrantReason =
  | 'user_not_found'
  | 'issuer_not_found'
  | 'no_valid_keys_or_signatures'
  | 'expired_grant'
  | 'invalid_scope'

/** A failure of the OAuth endpoints, rendered as `{error, error_description}` (not the REST error shape). */
export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly statusCode = 400,
  ) {
    super(`${error}: ${description}`)
    this.name = 'OAuthError'
  }
}

export const invalidGrant = (reason: InvalidGrantReason) => new OAuthError('invalid_grant', reason)
