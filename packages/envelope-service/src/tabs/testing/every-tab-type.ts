import type { Tabs } from 'esign-contract'

/**
 * Test fixture: one tab of every supported type on page 1 of `documentId`, with the values a sender
 * pre-fills (text, selected checkbox, chosen list item, selected radio), the nested objects DocuSign
 * sends (`localePolicy`, `listItems`, `radios`), a formula over two of the tabs, and one field DocuSign
 * has that this service does not interpret (`customNote`), which must come back unchanged.
 */
export function everyTabType(documentId: string): Required<Tabs> {
  const uninterpreted = { customNote: 'kept' }
  const at = (x: number) => ({ documentId, pageNumber: '1', xPosition: String(x), yPosition: '100' })
  return {
    signHereTabs: [{ ...at(10), tabLabel: 'sign', optional: 'false' }],
    initialHereTabs: [{ ...at(20), tabLabel: 'initial' }],
    dateSignedTabs: [{ ...at(30), tabLabel: 'signed on', localePolicy: { cultureName: 'es-CO' } }],
    fullNameTabs: [{ ...at(40), tabLabel: 'full name' }],
    firstNameTabs: [{ ...at(50), tabLabel: 'first name' }],
    lastNameTabs: [{ ...at(60), tabLabel: 'last name' }],
    emailTabs: [{ ...at(70), tabLabel: 'email', value: 'a@b.test' }],
    emailAddressTabs: [{ ...at(80), tabLabel: 'email address' }],
    companyTabs: [{ ...at(90), tabLabel: 'company', value: 'Acme' }],
    titleTabs: [{ ...at(100), tabLabel: 'title', value: 'CEO' }],
    textTabs: [{ ...at(110), tabLabel: 'case', value: 'C-1', required: 'true', ...uninterpreted }],
    numberTabs: [{ ...at(120), tabLabel: 'amount', value: '12.5' }],
    numericalTabs: [
      {
        ...at(190),
        tabLabel: 'quantity',
        validationType: 'Currency',
        minNumericalValue: '1',
        maxNumericalValue: '100',
        localePolicy: {
          cultureName: 'en-US',
          currencyCode: 'usd',
          currencyPositiveFormat: 'csym_1_comma_234_comma_567_period_89',
          useLongCurrencyFormat: 'true',
        },
      },
    ],
    formulaTabs: [
      { ...at(200), tabLabel: 'total', formula: '[amount] * [quantity]', roundDecimalPlaces: '2' },
    ],
    dateTabs: [
      {
        ...at(130),
        tabLabel: 'start',
        value: '2026-01-01',
        localePolicy: { cultureName: 'en-US', dateFormat: 'yyyy-MM-dd' },
      },
    ],
    noteTabs: [{ ...at(140), tabLabel: 'note', value: 'Read this' }],
    checkboxTabs: [{ ...at(150), tabLabel: 'agree', selected: 'true' }],
    listTabs: [
      {
        ...at(160),
        tabLabel: 'language',
        value: 'es',
        listItems: [
          { text: 'English', value: 'en' },
          { text: 'Spanish', value: 'es', selected: 'true' },
        ],
      },
    ],
    radioGroupTabs: [
      {
        documentId,
        groupName: 'plan',
        radios: [
          { pageNumber: '1', xPosition: '170', yPosition: '100', value: 'basic' },
          { pageNumber: '1', xPosition: '180', yPosition: '100', value: 'pro', selected: 'true' },
        ],
      },
    ],
  }
}
