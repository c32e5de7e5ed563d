import { Type } from '@sinclair/typebox'

/** Form fields of `POST /oauth/token`; each grant's fields are checked by the handler so the grant type is judged first. */
export const TokenRequest = Type.Object({
  grant_type: Type.String({
    description: 'urn:ietf:params:oauth:grant-type:jwt-bearer, authorization_code or refresh_token',
  }),
  assertion: Type.Optional(Type.String({ description: 'JWT grant: RS256-signed JWT (RFC 7523)' })),
  code: Type.Optional(Type.String({ maxLength: 256, description: 'authorization_code: the code' })),
  redirect_uri: Type.Optional(
    Type.String({
      maxLength: 2048,
      description: 'authorization_code: when sent, must be the one of the code',
    }),
  ),
  code_verifier: Type.Optional(Type.String({ maxLength: 256, description: 'PKCE verifier (S256)' })),
  refresh_token: Type.Optional(
    Type.String({
      maxLength: 256,
      description: 'refresh_token: the token (the first-party app sends its cookie instead)',
    }),
  ),
  client_id: Type.Optional(
    Type.String({ maxLength: 64, description: 'Public clients: the integration key' }),
  ),
})

export const TokenResponse = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer({ description: 'Seconds until the token expires' }),
  refresh_token: Type.Optional(
    Type.String({
      description:
        'Code and refresh grants; for the first-party app it is in the inkwell_session cookie instead',
    }),
  ),
  scope: Type.Optional(Type.String()),
})

export const OAuthErrorBody = Type.Object({
  error: Type.String(),
  error_description: Type.String(),
})

export const UserInfoAccount = Type.Object({
  account_id: Type.String(),
  is_default: Type.Boolean(),
  account_name: Type.String(),
  base_uri: Type.String({ description: 'REST host root, without /restapi' }),
})

export const UserInfo = Type.Object({
  sub: Type.String(),
  name: Type.String(),
  given_name: Type.String(),
  family_name: Type.String(),
  created: Type.String(),
  email: Type.String(),
  accounts: Type.Array(UserInfoAccount),
})
