import { Type } from '@sinclair/typebox'

/** Form fields of `POST /oauth/token`; `assertion` is checked by the handler so the grant type is judged first. */
export const TokenRequest = Type.Object({
  grant_type: Type.String({ description: 'Must be urn:ietf:params:oauth:grant-type:jwt-bearer' }),
  assertion: Type.Optional(Type.String({ description: 'RS256-signed JWT (RFC 7523)' })),
})

export const TokenResponse = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer({ description: 'Seconds until the token expires' }),
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
