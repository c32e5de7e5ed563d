import { type Static, Type } from '@sinclair/typebox'

/** DocuSign's error body, e.g. `{errorCode: "INVALID_REQUEST_PARAMETER", message: "..."}`. */
export const ErrorDetails = Type.Object({ errorCode: Type.String(), message: Type.String() })
export type ErrorDetails = Static<typeof ErrorDetails>
