import { type Static, Type } from '@sinclair/typebox'

/**
 * `GET /accounts/{accountId}/identity_verification`: the identity-verification workflows a sender may put
 * on a recipient (`identityVerification.workflowId`), in DocuSign's `AccountIdentityVerificationResponse`
 * shape (`isDisabled` a string, `isRequired` a boolean, as DocuSign's SDK types them).
 */
export const AccountIdentityVerificationWorkflow = Type.Object({
  workflowId: Type.String(),
  workflowLabel: Type.String(),
  defaultName: Type.String(),
  defaultDescription: Type.String(),
  workflowResourceKey: Type.String(),
  ownerType: Type.String(),
  isDisabled: Type.String(),
  displayOrder: Type.String(),
  steps: Type.Array(Type.Object({ name: Type.String(), type: Type.String() })),
  /** What a recipient's `identityVerification.inputOptions` must carry (there keyed by `name`). */
  inputOptions: Type.Array(
    Type.Object({ optionName: Type.String(), valueType: Type.String(), isRequired: Type.Boolean() }),
  ),
})
export type AccountIdentityVerificationWorkflow = Static<typeof AccountIdentityVerificationWorkflow>

export const AccountIdentityVerificationResponse = Type.Object({
  identityVerification: Type.Array(AccountIdentityVerificationWorkflow),
})
export type AccountIdentityVerificationResponse = Static<typeof AccountIdentityVerificationResponse>
