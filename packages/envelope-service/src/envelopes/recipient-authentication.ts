import type { RecipientIdentityVerification } from 'esign-contract'
import { InvalidRequestError } from 'platform'
import { toE164 } from './phone.js'

/**
 * SMS authentication as a request asks for it, read into the numbers a one-time code may be texted to.
 * DocuSign has two spellings and both are read: the phone identity-verification workflow
 * (`identityVerification.workflowId` of the workflow `GET .../identity_verification` lists, numbers in
 * the `phone_number_list` input option) and the older `idCheckConfigurationName: "SMS Auth $"` with
 * `smsAuthentication.senderProvidedNumbers`. Anything this service cannot honour (another workflow, an ID
 * check by public records) is a 400, never silently ignored: a recipient must not sign unchecked.
 */

/** DocuSign's id of its built-in phone authentication workflow, so client code that hard-codes it works. */
export const PHONE_AUTH_WORKFLOW_ID = 'c368e411-1592-4001-a3df-dca94ac539ae'

const SMS_AUTH_CONFIGURATION = 'sms auth $'

export interface AuthenticationRequest {
  identityVerification?: RecipientIdentityVerification
  idCheckConfigurationName?: string
  smsAuthentication?: { senderProvidedNumbers: string[] }
}

/** The E.164 numbers of the recipient's SMS authentication, or undefined when it asks for none. */
export function smsAuthPhonesOf(request: AuthenticationRequest, path: string): string[] | undefined {
  const phones = [...workflowPhones(request, path), ...legacyPhones(request, path)]
  return phones.length === 0 ? undefined : [...new Set(phones)]
}

function workflowPhones(request: AuthenticationRequest, path: string): string[] {
  const verification = request.identityVerification
  if (!verification) return []
  if (verification.workflowId.toLowerCase() !== PHONE_AUTH_WORKFLOW_ID) {
    throw new InvalidRequestError(
      `${path}.identityVerification.workflowId ${verification.workflowId} is not an identity verification ` +
        `workflow of this account (GET /identity_verification lists them: ${PHONE_AUTH_WORKFLOW_ID}, phone authentication)`,
    )
  }
  const list = (verification.inputOptions ?? []).find(
    (option) => option.name.toLowerCase() === 'phone_number_list',
  )?.phoneNumberList
  if (!list || list.length === 0) {
    throw new InvalidRequestError(
      `${path}.identityVerification needs an inputOptions entry "phone_number_list" with at least one phoneNumberList number`,
    )
  }
  return list.map((phone, n) =>
    checked(
      { countryCode: phone.countryCode.replace(/^\+/, ''), number: phone.number },
      `${path}.identityVerification.inputOptions phoneNumberList[${n}]`,
    ),
  )
}

function legacyPhones(request: AuthenticationRequest, path: string): string[] {
  const configuration = request.idCheckConfigurationName?.trim().toLowerCase()
  if (configuration === undefined || configuration === '') {
    if (request.smsAuthentication) {
      throw new InvalidRequestError(`${path}.smsAuthentication needs idCheckConfigurationName "SMS Auth $"`)
    }
    return []
  }
  if (configuration !== SMS_AUTH_CONFIGURATION) {
    throw new InvalidRequestError(
      `${path}.idCheckConfigurationName "${request.idCheckConfigurationName}" is not supported: only "SMS Auth $"`,
    )
  }
  const numbers = request.smsAuthentication?.senderProvidedNumbers ?? []
  if (numbers.length === 0) {
    throw new InvalidRequestError(
      `${path}.smsAuthentication.senderProvidedNumbers is required with idCheckConfigurationName "SMS Auth $"`,
    )
  }
  return numbers.map((number, n) => checked(number, `${path}.smsAuthentication.senderProvidedNumbers[${n}]`))
}

function checked(phone: string | { countryCode: string; number: string }, where: string): string {
  try {
    return toE164(phone)
  } catch (error) {
    throw new InvalidRequestError(
      `${where}: ${(error as Error).message} (give it in international format, e.g. +14155550100)`,
    )
  }
}
