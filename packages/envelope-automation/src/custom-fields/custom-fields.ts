import type { CustomFields } from 'esign-contract'
import { formLanguageName, type Language } from '../composition/language.js'

/** Names the completion listener and reports read back from the envelope. */
export const CRM_RECORD_ID_FIELD = 'CrmRecordId'
export const CASE_NUMBER_FIELD = 'CaseNumber'
export const FORM_LANGUAGE_FIELD = 'FormLanguage'
export const FORM_LANGUAGE_ITEMS = ['English', 'Spanish'] as const

/**
 * The envelope's custom fields: the case's record id and number as hidden, optional text fields (so the
 * completion event can be matched to its case), and the form language as a list field whose value is one
 * of English and Spanish.
 */
export function envelopeCustomFields(input: {
  caseId: string
  caseNumber: string
  language: Language
}): CustomFields {
  return {
    textCustomFields: [
      { name: CRM_RECORD_ID_FIELD, value: input.caseId, show: 'false', required: 'false' },
      { name: CASE_NUMBER_FIELD, value: input.caseNumber, show: 'false', required: 'false' },
    ],
    listCustomFields: [
      {
        name: FORM_LANGUAGE_FIELD,
        value: formLanguageName(input.language),
        listItems: [...FORM_LANGUAGE_ITEMS],
        show: 'true',
        required: 'false',
      },
    ],
  }
}
