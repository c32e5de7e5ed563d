import { describe, expect, it } from 'vitest'
import { envelopeCustomFields } from './custom-fields.js'

describe('envelope custom fields', () => {
  it('stores CrmRecordId and CaseNumber as hidden, optional text fields', () => {
    const fields = envelopeCustomFields({ caseId: 'case-7', caseNumber: '00001007', language: 'en' })
    expect(fields.textCustomFields).toEqual([
      { name: 'CrmRecordId', value: 'case-7', show: 'false', required: 'false' },
      { name: 'CaseNumber', value: '00001007', show: 'false', required: 'false' },
    ])
  })

  it('has a form-language list field with the items English and Spanish, valued by the language', () => {
    const english = envelopeCustomFields({ caseId: 'c', caseNumber: 'n', language: 'en' }).listCustomFields
    const spanish = envelopeCustomFields({ caseId: 'c', caseNumber: 'n', language: 'es' }).listCustomFields
    expect(english).toEqual([
      {
        name: 'FormLanguage',
        value: 'English',
        listItems: ['English', 'Spanish'],
        show: 'true',
        required: 'false',
      },
    ])
    expect(spanish?.[0]?.value).toBe('Spanish')
    expect(spanish?.[0]?.listItems).toContain(spanish?.[0]?.value)
  })
})
