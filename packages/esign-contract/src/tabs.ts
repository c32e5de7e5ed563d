import { type Static, type TSchema, Type } from '@sinclair/typebox'
import { ErrorDetails } from './errors.js'
import { BooleanString, DecimalString, Digits, StringEnum } from './scalars.js'

/**
 * Tabs (DocuSign's form fields), grouped by tab type under a recipient's `tabs`. A tab sits at
 * `documentId` + `pageNumber` + `xPosition` + `yPosition`, or wherever its `anchorString` occurs.
 * Besides the fields below, a tab may carry any other DocuSign field as a string (kept and returned
 * unchanged); a non-string value there is rejected, never dropped.
 */

/** Tab types accepted by templates and envelopes; any other key under `tabs` is rejected. */
export const TAB_TYPES = [
  'signHereTabs',
  'initialHereTabs',
  'dateSignedTabs',
  'fullNameTabs',
  'firstNameTabs',
  'lastNameTabs',
  'emailTabs',
  'emailAddressTabs',
  'companyTabs',
  'titleTabs',
  'textTabs',
  'numberTabs',
  'numericalTabs',
  'formulaTabs',
  'dateTabs',
  'noteTabs',
  'checkboxTabs',
  'listTabs',
  'radioGroupTabs',
] as const
export type TabType = (typeof TAB_TYPES)[number]

export const MAX_TABS_PER_TYPE = 500
export const MAX_TAB_OPTIONS = 200

const placementProperties = {
  pageNumber: Type.Optional(Digits('Page of the document, from 1.')),
  xPosition: Type.Optional(DecimalString('Horizontal position in pixels from the left.')),
  yPosition: Type.Optional(DecimalString('Vertical position in pixels from the top.')),
  anchorString: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
  anchorXOffset: Type.Optional(DecimalString('Horizontal offset from the anchor.')),
  anchorYOffset: Type.Optional(DecimalString('Vertical offset from the anchor.')),
  anchorUnits: Type.Optional(StringEnum(['pixels', 'inches', 'mms', 'cms'] as const)),
  anchorIgnoreIfNotPresent: Type.Optional(BooleanString('Skip the tab when the anchor is absent.')),
  anchorCaseSensitive: Type.Optional(BooleanString('Match the anchor case-sensitively.')),
  anchorMatchWholeWord: Type.Optional(BooleanString('Match the anchor as a whole word.')),
}

const commonProperties = {
  documentId: Type.Optional(Digits('A documentId of the template or envelope.')),
  recipientId: Type.Optional(Type.String({ maxLength: 100 })),
  tabId: Type.Optional(Type.String({ maxLength: 100 })),
  tabLabel: Type.Optional(Type.String({ maxLength: 500 })),
  name: Type.Optional(Type.String({ maxLength: 500 })),
  tooltip: Type.Optional(Type.String({ maxLength: 500 })),
  required: Type.Optional(BooleanString('Whether the recipient must fill the tab.')),
  locked: Type.Optional(BooleanString('Whether the recipient may change the value.')),
  width: Type.Optional(DecimalString('Width in pixels.')),
  height: Type.Optional(DecimalString('Height in pixels.')),
  fontSize: Type.Optional(Type.String({ maxLength: 20 })),
}

/** Other DocuSign tab fields are accepted as strings and returned unchanged. */
const otherFieldsAreStrings = { additionalProperties: Type.String({ maxLength: 4000 }) }

/** Sign, initial, date signed, name, email, text, number, date, note tabs. */
export const Tab = Type.Object(
  {
    ...commonProperties,
    ...placementProperties,
    value: Type.Optional(Type.String({ maxLength: 4000, description: 'Pre-filled or entered value.' })),
    optional: Type.Optional(BooleanString('Whether signing this tab is optional (signHere, initialHere).')),
  },
  otherFieldsAreStrings,
)
export type Tab = Static<typeof Tab>

/**
 * How a date or numerical tab formats its value for the recipient (DocuSign's `LocalePolicyTab`):
 * culture, currency and date formats. Kept and returned as given; the fields below are DocuSign's,
 * other string fields are kept too.
 */
export const LocalePolicy = Type.Object(
  {
    addressFormat: Type.Optional(Type.String({ maxLength: 100 })),
    calendarType: Type.Optional(Type.String({ maxLength: 100 })),
    cultureName: Type.Optional(Type.String({ maxLength: 20, description: 'e.g. `en-US`, `es-CO`.' })),
    currencyCode: Type.Optional(Type.String({ maxLength: 10, description: 'ISO 4217, e.g. `usd`.' })),
    currencyNegativeFormat: Type.Optional(Type.String({ maxLength: 100 })),
    currencyPositiveFormat: Type.Optional(Type.String({ maxLength: 100 })),
    customDateFormat: Type.Optional(Type.String({ maxLength: 100 })),
    customTimeFormat: Type.Optional(Type.String({ maxLength: 100 })),
    dateFormat: Type.Optional(Type.String({ maxLength: 100 })),
    initialFormat: Type.Optional(Type.String({ maxLength: 100 })),
    nameFormat: Type.Optional(Type.String({ maxLength: 100 })),
    timeFormat: Type.Optional(Type.String({ maxLength: 100 })),
    timeZone: Type.Optional(Type.String({ maxLength: 100 })),
    useLongCurrencyFormat: Type.Optional(BooleanString()),
  },
  { additionalProperties: Type.String({ maxLength: 500 }) },
)
export type LocalePolicy = Static<typeof LocalePolicy>

/** Date and date-signed tabs: a `Tab` with its `localePolicy`. */
export const DateTab = Type.Object(
  { ...Tab.properties, localePolicy: Type.Optional(LocalePolicy) },
  otherFieldsAreStrings,
)
export type DateTab = Static<typeof DateTab>

/** How a numerical tab validates what the recipient enters. */
export const NUMERICAL_VALIDATION_TYPES = ['Number', 'Currency'] as const

/**
 * A numerical tab: the recipient enters a number (`Currency`: at most two decimals), checked at signing
 * against `minNumericalValue` / `maxNumericalValue`; the entered value is returned as `value` and
 * `numericalValue`.
 */
export const NumericalTab = Type.Object(
  {
    ...Tab.properties,
    localePolicy: Type.Optional(LocalePolicy),
    validationType: Type.Optional(
      StringEnum(NUMERICAL_VALIDATION_TYPES, { description: 'Defaults to `Number`.' }),
    ),
    numericalValue: Type.Optional(DecimalString('A pre-filled number.')),
    minNumericalValue: Type.Optional(DecimalString('Smallest value accepted at signing.')),
    maxNumericalValue: Type.Optional(DecimalString('Largest value accepted at signing.')),
  },
  otherFieldsAreStrings,
)
export type NumericalTab = Static<typeof NumericalTab>

/**
 * A formula tab: its value is computed when the recipient finishes, from the values of other tabs named
 * `[TabLabel]`, numbers, `+ - * /` and parentheses (`([Price] * [Quantity]) - [Discount]`).
 */
export const FormulaTab = Type.Object(
  {
    ...Tab.properties,
    formula: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 2000,
        description: 'Required unless the tab updates one by label.',
      }),
    ),
    roundDecimalPlaces: Type.Optional(
      Type.String({ pattern: '^[0-9]$', description: 'Decimals kept, 0 to 9.' }),
    ),
    hidden: Type.Optional(BooleanString('Computed but not shown to the recipient.')),
  },
  otherFieldsAreStrings,
)
export type FormulaTab = Static<typeof FormulaTab>

export const CheckboxTab = Type.Object(
  {
    ...commonProperties,
    ...placementProperties,
    selected: Type.Optional(BooleanString('Whether the box is checked.')),
  },
  otherFieldsAreStrings,
)
export type CheckboxTab = Static<typeof CheckboxTab>

export const ListItem = Type.Object({
  text: Type.String({ maxLength: 500, description: 'What the recipient sees.' }),
  value: Type.String({ maxLength: 500, description: 'What the tab holds when this item is chosen.' }),
  selected: Type.Optional(BooleanString('Whether this item is chosen.')),
})
export type ListItem = Static<typeof ListItem>

/**
 * A drop-down list; `value` is the chosen item's value. `listItems` is required of a list placed here;
 * one that only fills a template's list by `tabLabel` and `value` (DocuSign's eg017) may leave it out.
 */
export const ListTab = Type.Object(
  {
    ...commonProperties,
    ...placementProperties,
    value: Type.Optional(Type.String({ maxLength: 500 })),
    listItems: Type.Optional(Type.Array(ListItem, { minItems: 1, maxItems: MAX_TAB_OPTIONS })),
  },
  otherFieldsAreStrings,
)
export type ListTab = Static<typeof ListTab>

/** One button of a radio group: placed on its own, on the group's document. */
export const Radio = Type.Object(
  {
    ...placementProperties,
    value: Type.String({ minLength: 1, maxLength: 500 }),
    selected: Type.Optional(BooleanString('Whether this button is chosen.')),
    tabId: Type.Optional(Type.String({ maxLength: 100 })),
    required: Type.Optional(BooleanString()),
    locked: Type.Optional(BooleanString()),
  },
  otherFieldsAreStrings,
)
export type Radio = Static<typeof Radio>

/** A radio group: `groupName` plays the part of `tabLabel`; each radio has its own position. */
export const RadioGroupTab = Type.Object(
  {
    documentId: Type.Optional(Digits('A documentId of the template or envelope.')),
    recipientId: Type.Optional(Type.String({ maxLength: 100 })),
    groupName: Type.String({ minLength: 1, maxLength: 500 }),
    tooltip: Type.Optional(Type.String({ maxLength: 500 })),
    requireAll: Type.Optional(BooleanString()),
    shared: Type.Optional(BooleanString()),
    radios: Type.Array(Radio, { minItems: 1, maxItems: MAX_TAB_OPTIONS }),
  },
  otherFieldsAreStrings,
)
export type RadioGroupTab = Static<typeof RadioGroupTab>

const listOf = <T extends TSchema>(tab: T) => Type.Optional(Type.Array(tab, { maxItems: MAX_TABS_PER_TYPE }))

/** A recipient's tabs. Unknown tab types are left in the object for the service to name in a 400. */
export const Tabs = Type.Object({
  signHereTabs: listOf(Tab),
  initialHereTabs: listOf(Tab),
  dateSignedTabs: listOf(DateTab),
  fullNameTabs: listOf(Tab),
  firstNameTabs: listOf(Tab),
  lastNameTabs: listOf(Tab),
  emailTabs: listOf(Tab),
  emailAddressTabs: listOf(Tab),
  companyTabs: listOf(Tab),
  titleTabs: listOf(Tab),
  textTabs: listOf(Tab),
  numberTabs: listOf(Tab),
  numericalTabs: listOf(NumericalTab),
  formulaTabs: listOf(FormulaTab),
  dateTabs: listOf(DateTab),
  noteTabs: listOf(Tab),
  checkboxTabs: listOf(CheckboxTab),
  listTabs: listOf(ListTab),
  radioGroupTabs: listOf(RadioGroupTab),
})
export type Tabs = Static<typeof Tabs>

/**
 * The answer of a tab write (`POST`/`PUT`/`DELETE .../recipients/{recipientId}/tabs`, DocuSign's
 * `EnvelopeRecipientTabs` and `templateTabs`): `Tabs` whose tabs may carry the `errorDetails` of a tab
 * that could not be written.
 */
export const TabsWriteResult = Type.Object(
  Object.fromEntries(
    Object.entries(Tabs.properties).map(([type, list]) => {
      const item = (list as unknown as { items: ReturnType<typeof Type.Object> }).items
      const answered = Type.Object(
        { ...item.properties, errorDetails: Type.Optional(ErrorDetails) },
        { additionalProperties: item.additionalProperties },
      )
      return [type, Type.Optional(Type.Array(answered))]
    }),
  ),
)
