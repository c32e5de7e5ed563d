import fc from 'fast-check'
import { InvalidRequestError } from 'platform'
import { describe, expect, it } from 'vitest'
import type { LocateTab } from '../tabs/locate.js'
import type { TabsByType } from '../tabs/model.js'
import { computeFormulas, formatSignedDate, tabsWithValues } from '../tabs/values.js'
import { checkFinish, signingTabs } from './form.js'

const PNG = 'data:image/png;base64,iVBORw0KGgo='
const at = (x: string, y: string) => ({ documentId: '1', pageNumber: '1', xPosition: x, yPosition: y })
const locate: LocateTab = (tab, documentId) =>
  documentId
    ? [{ documentId, pageNumber: Number(tab.pageNumber), x: Number(tab.xPosition), y: Number(tab.yPosition) }]
    : []

const tabs: TabsByType = {
  signHereTabs: [at('10', '20')],
  initialHereTabs: [{ ...at('10', '80'), optional: 'true' }],
  textTabs: [
    { ...at('10', '40'), tabLabel: 'Company' },
    { ...at('10', '60'), required: 'false' },
  ],
  checkboxTabs: [{ ...at('200', '40'), required: 'true' }],
  listTabs: [
    {
      ...at('200', '60'),
      listItems: [
        { text: 'Red', value: 'r' },
        { text: 'Blue', value: 'b' },
      ],
    },
  ],
  radioGroupTabs: [
    {
      documentId: '1',
      groupName: 'size',
      radios: [
        { ...at('300', '10'), value: 'S' },
        { ...at('300', '30'), value: 'L' },
      ],
    },
  ],
  fullNameTabs: [at('10', '100')],
  dateSignedTabs: [at('10', '120')],
}

const complete = {
  'signHereTabs-0': 'signed',
  'textTabs-0': 'ACME',
  'checkboxTabs-0': 'true',
  'listTabs-0': 'b',
}

describe('signingTabs', () => {
  it('lays each tab on its page with its id, box, required flag and service-filled values', () => {
    const shown = signingTabs(tabs, { name: 'Ana Díaz', email: 'ana@example.test' }, {}, '11/22/2026', locate)
    const byId = new Map(shown.map((tab) => [tab.tabId, tab]))
    expect(byId.get('signHereTabs-0')).toMatchObject({
      type: 'signHere',
      x: 10,
      y: 20,
      width: 144,
      height: 36,
      required: true,
    })
    expect(byId.get('initialHereTabs-0')).toMatchObject({ required: false })
    expect(byId.get('textTabs-0')).toMatchObject({ type: 'text', required: true, label: 'Company' })
    expect(byId.get('textTabs-1')).toMatchObject({ required: false })
    expect(byId.get('checkboxTabs-0')).toMatchObject({ type: 'checkbox', required: true })
    expect(byId.get('listTabs-0')?.listItems).toEqual([
      { text: 'Red', value: 'r' },
      { text: 'Blue', value: 'b' },
    ])
    expect(byId.get('radioGroupTabs-0')?.radios?.map((radio) => [radio.value, radio.y])).toEqual([
      ['S', 10],
      ['L', 30],
    ])
    expect(byId.get('fullNameTabs-0')).toMatchObject({ value: 'Ana Díaz', locked: true, required: false })
    expect(byId.get('dateSignedTabs-0')).toMatchObject({ value: '11/22/2026', locked: true })
  })

  it('leaves out a tab that cannot be placed (an anchor found nowhere)', () => {
    const shown = signingTabs({ textTabs: [{ anchorString: '/nowhere/' }] }, { name: 'A' }, {}, '', () => [])
    expect(shown).toEqual([])
  })

  it('shows an anchor found in several places at each: its first place, and the others as alsoAt', () => {
    const places = [
      { documentId: '1', pageNumber: 1, x: 10, y: 20 },
      { documentId: '1', pageNumber: 2, x: 10, y: 20 },
      { documentId: '2', pageNumber: 1, x: 30, y: 40 },
    ]
    const [initials, radio] = signingTabs(
      {
        initialHereTabs: [{ anchorString: '/in/' }],
        radioGroupTabs: [{ groupName: 'r', radios: [{ value: 'a', anchorString: '/in/' }] }],
      },
      { name: 'A' },
      {},
      '',
      () => places,
    )
    expect(initials).toMatchObject({ documentId: '1', pageNumber: 1, x: 10, y: 20, alsoAt: places.slice(1) })
    // A radio button is one choice in one place: its first.
    expect(radio?.alsoAt).toBeUndefined()
    expect(radio?.radios).toMatchObject([{ value: 'a', documentId: '1', pageNumber: 1 }])
  })
})

describe('checkFinish', () => {
  it('accepts a complete form and returns the values to store', () => {
    expect(checkFinish(tabs, { signature: PNG, values: complete })).toEqual(complete)
  })

  it.each([
    ['textTabs-0', 'values.textTabs-0 is required'],
    ['checkboxTabs-0', 'values.checkboxTabs-0 is required'],
    ['listTabs-0', 'values.listTabs-0 is required'],
    ['signHereTabs-0', 'values.signHereTabs-0 is required'],
  ])('refuses when the required %s is missing', (id, message) => {
    const { [id]: _left, ...values } = complete as Record<string, string>
    expect(() => checkFinish(tabs, { signature: PNG, values })).toThrow(message)
  })

  it('refuses a signature tab marked signed without an adopted signature', () => {
    expect(() => checkFinish(tabs, { values: complete })).toThrow('signature is required')
  })

  it('refuses a value for a tab the recipient does not have, or one the service fills', () => {
    expect(() => checkFinish(tabs, { signature: PNG, values: { ...complete, 'textTabs-9': 'x' } })).toThrow(
      'values.textTabs-9 is not a field of this recipient',
    )
    expect(() =>
      checkFinish(tabs, { signature: PNG, values: { ...complete, 'fullNameTabs-0': 'Eve' } }),
    ).toThrow('is not a field of this recipient')
  })

  it('refuses list and radio values that are not among the options, and checkbox values other than true/false', () => {
    expect(() =>
      checkFinish(tabs, { signature: PNG, values: { ...complete, 'listTabs-0': 'green' } }),
    ).toThrow("is not one of the list's items")
    expect(() =>
      checkFinish(tabs, { signature: PNG, values: { ...complete, 'radioGroupTabs-0': 'XL' } }),
    ).toThrow("is not one of the group's radios")
    expect(() =>
      checkFinish(tabs, { signature: PNG, values: { ...complete, 'checkboxTabs-0': 'yes' } }),
    ).toThrow('must be "true" or "false"')
  })

  describe('a text tab with a validation pattern and a maximum length', () => {
    const zip: TabsByType = {
      textTabs: [
        {
          ...at('10', '40'),
          tabLabel: 'ZipCode',
          validationPattern: '^[0-9]{5}$',
          validationMessage: 'Five digits',
          maxLength: '6',
        },
      ],
    }
    const finish = (value: string) => () => checkFinish(zip, { values: { 'textTabs-0': value } })

    it('gives the signing page the rules to check as the recipient types', () => {
      expect(signingTabs(zip, { name: 'Ann', email: 'a@x.test' }, {}, '', locate)[0]).toMatchObject({
        validationPattern: '^[0-9]{5}$',
        validationMessage: 'Five digits',
        maxLength: 6,
      })
    })

    it('accepts exactly the entries the rules accept (property)', () => {
      fc.assert(
        fc.property(fc.oneof(fc.stringMatching(/^[0-9]{1,7}$/), fc.string({ minLength: 1 })), (value) => {
          const tooLong = [...value].length > 6
          const fits = /^[0-9]{5}$/.test(value)
          if (tooLong) {
            expect(finish(value)).toThrow(
              new InvalidRequestError('values.textTabs-0 must be at most 6 characters long'),
            )
          } else if (!fits) {
            expect(finish(value)).toThrow(
              new InvalidRequestError('values.textTabs-0 must match the pattern ^[0-9]{5}$ (Five digits)'),
            )
          } else expect(finish(value)()).toEqual({ 'textTabs-0': value })
        }),
      )
    })
  })

  it('accepts exactly the forms that fill every required field (property)', () => {
    const required = ['signHereTabs-0', 'textTabs-0', 'checkboxTabs-0', 'listTabs-0'] as const
    fc.assert(
      fc.property(fc.subarray([...required]), (filled) => {
        const values = Object.fromEntries(filled.map((id) => [id, complete[id]]))
        const finish = () => checkFinish(tabs, { signature: PNG, values })
        const firstMissing = required.find((id) => !filled.includes(id))
        if (firstMissing === undefined) expect(finish).not.toThrow()
        else expect(finish).toThrow(new InvalidRequestError(`values.${firstMissing} is required`))
      }),
    )
  })
})

describe('conditional fields at finish', () => {
  const conditional: TabsByType = {
    checkboxTabs: [{ ...at('10', '10'), tabLabel: 'Pets' }],
    textTabs: [
      {
        ...at('10', '30'),
        tabLabel: 'Pet name',
        required: 'true',
        value: 'Sender default',
        conditionalParentLabel: 'Pets',
        conditionalParentValue: 'on',
      },
    ],
    signHereTabs: [{ ...at('10', '50'), conditionalParentLabel: 'Pet name', conditionalParentValue: 'Rex' }],
  }

  it('gives the signing page each conditional tab’s parent by id', () => {
    const shown = signingTabs(conditional, { name: 'Ann' }, {}, '1/1/2026', locate)
    expect(shown.map((tab) => [tab.tabId, tab.conditionalParent])).toEqual([
      ['checkboxTabs-0', undefined],
      ['textTabs-0', { tabId: 'checkboxTabs-0', value: 'on' }],
      ['signHereTabs-0', { tabId: 'textTabs-0', value: 'Rex' }],
    ])
  })

  it('does not require a hidden tab and stores it empty, whatever was sent for it', () => {
    const values = checkFinish(conditional, {
      values: { 'checkboxTabs-0': 'false', 'textTabs-0': 'Rex', 'signHereTabs-0': 'signed' },
    })
    expect(values).toEqual({ 'checkboxTabs-0': 'false', 'textTabs-0': '', 'signHereTabs-0': '' })
    expect(tabsWithValues(conditional, { name: 'Ann' }, values, undefined).textTabs?.[0]?.value).toBe('')
  })

  it('shows a hidden name or date signed tab empty, a shown one filled', () => {
    const withName: TabsByType = {
      checkboxTabs: [{ ...at('10', '10'), tabLabel: 'Pets' }],
      fullNameTabs: [{ ...at('10', '30'), conditionalParentLabel: 'Pets', conditionalParentValue: 'on' }],
      dateSignedTabs: [{ ...at('10', '50'), conditionalParentLabel: 'Pets', conditionalParentValue: 'off' }],
    }
    const values = checkFinish(withName, { values: { 'checkboxTabs-0': 'false' } })
    const filled = tabsWithValues(withName, { name: 'Ann' }, values, '1/2/2026')
    expect(filled.fullNameTabs?.[0]?.value).toBe('')
    expect(filled.dateSignedTabs?.[0]?.value).toBe('1/2/2026')
  })

  it('requires a shown conditional tab, down the chain', () => {
    expect(() => checkFinish(conditional, { values: { 'checkboxTabs-0': 'true' } })).toThrow(
      new InvalidRequestError('values.textTabs-0 is required'),
    )
    expect(() =>
      checkFinish(conditional, { values: { 'checkboxTabs-0': 'true', 'textTabs-0': 'Rex' } }),
    ).toThrow(new InvalidRequestError('values.signHereTabs-0 is required'))
    expect(
      checkFinish(conditional, {
        signature: PNG,
        values: { 'checkboxTabs-0': 'true', 'textTabs-0': 'Rex', 'signHereTabs-0': 'signed' },
      }),
    ).toEqual({ 'checkboxTabs-0': 'true', 'textTabs-0': 'Rex', 'signHereTabs-0': 'signed' })
  })
})

describe('numerical and formula tabs', () => {
  const order: TabsByType = {
    signHereTabs: [at('10', '20')],
    numericalTabs: [
      {
        ...at('10', '40'),
        tabLabel: 'Quantity',
        minNumericalValue: '1',
        maxNumericalValue: '10',
        localePolicy: { cultureName: 'en-US' },
      },
      { ...at('10', '60'), tabLabel: 'Price', validationType: 'Currency', required: 'false' },
    ],
    textTabs: [{ ...at('10', '80'), tabLabel: 'Discount', required: 'false', value: '5' }],
    formulaTabs: [
      { ...at('10', '100'), tabLabel: 'Subtotal', formula: '[Quantity] * [Price]', roundDecimalPlaces: '2' },
      {
        ...at('10', '120'),
        tabLabel: 'Total',
        formula: '[Subtotal] - [Discount] + [Missing]',
        hidden: 'true',
      },
      { ...at('10', '140'), tabLabel: 'Per unit', formula: '[Total] / ([Quantity] - [Quantity])' },
    ],
  }
  const signed = { 'signHereTabs-0': 'signed' }
  const finish = (values: Record<string, string>) =>
    checkFinish(order, { signature: PNG, values: { ...signed, ...values } })

  it('computes formulas from entered and sender values, formulas of formulas, rounding as asked', () => {
    expect(finish({ 'numericalTabs-0': '3', 'numericalTabs-1': '19.99' })).toEqual({
      ...signed,
      'numericalTabs-0': '3',
      'numericalTabs-1': '19.99',
      'formulaTabs-0': '59.97',
      // 59.97 - 5 + 0 (no tab is labelled Missing); the division by zero gets no value.
      'formulaTabs-1': '54.97',
    })
  })

  it('counts a blank operand as 0', () => {
    expect(finish({ 'numericalTabs-0': '2' })).toMatchObject({
      'formulaTabs-0': '0.00',
      'formulaTabs-1': '-5',
    })
  })

  it('enforces the numerical tab: a number, within min and max, two decimals for currency', () => {
    expect(() => finish({ 'numericalTabs-0': 'three' })).toThrow('values.numericalTabs-0 must be a number')
    expect(() => finish({ 'numericalTabs-0': '0' })).toThrow('values.numericalTabs-0 must be at least 1')
    expect(() => finish({ 'numericalTabs-0': '10.5' })).toThrow('values.numericalTabs-0 must be at most 10')
    expect(() => finish({ 'numericalTabs-0': '2', 'numericalTabs-1': '1.999' })).toThrow(
      'values.numericalTabs-1 must be an amount with at most two decimals',
    )
    expect(() => finish({})).toThrow('values.numericalTabs-0 is required')
  })

  it('accepts exactly the numbers within the range (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 50 }), fc.nat(99), (whole, cents) => {
        const value = `${whole}.${String(cents).padStart(2, '0')}`
        const inRange = Number(value) >= 1 && Number(value) <= 10
        const attempt = () => finish({ 'numericalTabs-0': value })
        if (inRange) expect(attempt()).toMatchObject({ 'numericalTabs-0': value })
        else expect(attempt).toThrow(Number(value) < 1 ? 'must be at least 1' : 'must be at most 10')
      }),
    )
  })

  it('never takes a formula value from the recipient, and shows visible formulas locked', () => {
    expect(() => finish({ 'numericalTabs-0': '3', 'formulaTabs-0': '1000' })).toThrow(
      'values.formulaTabs-0 is not a field of this recipient',
    )
    const shown = signingTabs(order, { name: 'Ana' }, {}, '', locate)
    const formulas = shown.filter((tab) => tab.tabId.startsWith('formulaTabs'))
    expect(formulas.map((tab) => [tab.tabId, tab.locked, tab.required])).toEqual([
      ['formulaTabs-0', true, false],
      ['formulaTabs-2', true, false],
    ])
  })

  it('returns the entered number as numericalValue and, formatted by its localePolicy, as value', () => {
    const filled = tabsWithValues(order, { name: 'Ana' }, finish({ 'numericalTabs-0': '3' }), undefined)
    expect(filled.numericalTabs?.[0]).toMatchObject({
      value: '3.00',
      numericalValue: '3',
      localePolicy: { cultureName: 'en-US' },
    })
    expect(filled.formulaTabs?.[0]?.value).toBe('0.00')
  })

  it('computes date formulas from date tabs and the day the recipient signs', () => {
    const dated: TabsByType = {
      dateTabs: [
        { ...at('10', '20'), tabLabel: 'Start', localePolicy: { cultureName: 'de_de' }, required: 'false' },
      ],
      dateSignedTabs: [{ ...at('10', '40'), tabLabel: 'Signed' }],
      formulaTabs: [
        { ...at('10', '60'), tabLabel: 'Ends', formula: 'AddMonths([Signed], 1)' },
        { ...at('10', '80'), tabLabel: 'Notice', formula: 'DateDiff([Ends], [Start])' },
        { ...at('10', '100'), tabLabel: 'Blank', formula: 'AddDays([Nowhere], 1)' },
        { ...at('10', '120'), tabLabel: 'Review', formula: 'AddDays([Start], 10)' },
      ],
    }
    const values = computeFormulas(
      dated,
      { 'dateTabs-0': '20.1.2026' },
      { signedOn: new Date('2026-01-31T18:00:00Z') },
    )
    expect(values).toEqual({
      'formulaTabs-0': '2026-02-28',
      'formulaTabs-1': '39',
      'formulaTabs-3': '2026-01-30',
    })
    const filled = tabsWithValues(
      dated,
      { name: 'Ana' },
      { 'dateTabs-0': '20.1.2026', ...values },
      '1/31/2026',
    )
    // A date result is shown like the date tab it reads (Start: de_de); with none, as stored.
    expect(filled.formulaTabs?.map((tab) => tab.value)).toEqual(['2026-02-28', '39', undefined, '30.1.2026'])
  })

  it("reads a label the recipient lacks from earlier recipients' stored values, its own tabs first", () => {
    const buyer: TabsByType = {
      numberTabs: [{ ...at('10', '20'), tabLabel: 'Qty' }],
      formulaTabs: [{ ...at('10', '40'), tabLabel: 'Total', formula: '[Qty] * [Price] + [Fee]' }],
    }
    const seller = {
      tabs: {
        numberTabs: [
          { ...at('10', '60'), tabLabel: 'Price' },
          { ...at('10', '80'), tabLabel: 'Qty' },
        ],
        formulaTabs: [{ ...at('10', '100'), tabLabel: 'Fee', formula: '[Price] / 10' }],
      },
      values: { 'numberTabs-0': '20', 'numberTabs-1': '1000', 'formulaTabs-0': '2' },
    }
    expect(computeFormulas(buyer, { 'numberTabs-0': '3' }, { earlier: [seller] })).toEqual({
      'formulaTabs-0': '62',
    })
    expect(computeFormulas(buyer, { 'numberTabs-0': '3' })).toEqual({ 'formulaTabs-0': '0' })
  })

  it('shows a locked value as the document will, and an editable one as entered', () => {
    const shown = signingTabs(
      {
        numericalTabs: [
          {
            ...at('10', '20'),
            validationType: 'Currency',
            value: '1234.5',
            localePolicy: { cultureName: 'de_de' },
          },
          {
            ...at('10', '40'),
            validationType: 'Currency',
            value: '1234.5',
            locked: 'true',
            localePolicy: { cultureName: 'de_de' },
          },
        ],
      },
      { name: 'Ana' },
      {},
      '1/2/2026',
      locate,
    )
    expect(shown.map((tab) => tab.value)).toEqual(['1234.5', '1.234,50 €'])
  })
})

describe('tabsWithValues', () => {
  it("puts the entered values where DocuSign's API returns them", () => {
    const filled = tabsWithValues(
      tabs,
      { name: 'Ana', email: 'ana@example.test' },
      { ...complete, 'radioGroupTabs-0': 'L' },
      '1/2/2026',
    )
    expect(filled.textTabs?.[0]?.value).toBe('ACME')
    expect(filled.checkboxTabs?.[0]?.selected).toBe('true')
    expect(filled.listTabs?.[0]?.value).toBe('b')
    expect((filled.listTabs![0]!.listItems as { selected: string }[]).map((item) => item.selected)).toEqual([
      'false',
      'true',
    ])
    expect(
      (filled.radioGroupTabs![0]!.radios as { selected: string }[]).map((radio) => radio.selected),
    ).toEqual(['false', 'true'])
    expect(filled.fullNameTabs?.[0]?.value).toBe('Ana')
    expect(filled.dateSignedTabs?.[0]?.value).toBe('1/2/2026')
    expect(filled.signHereTabs?.[0]?.status).toBe('signed')
  })
})

describe('formatSignedDate', () => {
  it('writes month first in English and day first in Spanish, in UTC', () => {
    const date = new Date('2026-03-04T23:30:00Z')
    expect(formatSignedDate(date, 'en')).toBe('3/4/2026')
    expect(formatSignedDate(date, 'es')).toBe('4/3/2026')
  })
})
