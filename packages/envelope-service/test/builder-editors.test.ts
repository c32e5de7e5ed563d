import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fieldProblems, localePreview, parentChoices } from '../web/app/src/builder/field-checks.js'
import {
  type BuilderState,
  type Field,
  fromTemplate,
  toTemplateDefinition,
} from '../web/app/src/builder/model.js'
import { NO_REMINDERS } from '../web/app/src/builder/reminders.js'

/** The builder's radio groups, formulas, formats and conditional display, without a browser. */

const base: Omit<Field, 'key' | 'type' | 'x' | 'y'> = {
  roleKey: 'r1',
  documentId: '1',
  pageNumber: 1,
  width: 96,
  height: 20,
  required: true,
  tabLabel: '',
  tooltip: '',
  fontSize: '',
  validationPattern: '',
  validationMessage: '',
  maxLength: '',
  listItems: [],
}

const stateOf = (fields: Field[]): BuilderState => ({
  settings: {
    name: 'Editors',
    description: '',
    emailSubject: '',
    emailBlurb: '',
    shared: false,
    messageLock: false,
    envelopeIdStamping: true,
    useDisclosure: false,
    customFields: [],
    reminders: NO_REMINDERS,
  },
  documents: [{ documentId: '1', name: 'One.pdf', fileExtension: 'pdf' }],
  roles: [{ key: 'r1', name: 'Tenant', routingOrder: 1, kind: 'signers' }],
  fields,
  anchors: [],
})

let counter = 0
const key = () => `k${++counter}`

const roundTrip = (state: BuilderState) =>
  fromTemplate(toTemplateDefinition(state, { withDocuments: false }), key)

const plan: Field = {
  ...base,
  key: 'plan',
  type: 'radioGroup',
  x: 100,
  y: 200,
  width: 16,
  height: 16,
  tabLabel: 'Plan',
  radios: [
    { key: 'a', value: 'basic', dx: 0, dy: 0, selected: false },
    { key: 'b', value: 'plus', dx: 40, dy: 24, selected: true },
  ],
}

describe('radio groups', () => {
  it('are saved as DocuSign radioGroupTabs, each radio placed, and read back the same', () => {
    const definition = toTemplateDefinition(stateOf([plan]), { withDocuments: false }) as {
      recipients: { signers: { tabs: Record<string, unknown[]> }[] }
    }
    expect(definition.recipients.signers[0]?.tabs.radioGroupTabs).toEqual([
      {
        documentId: '1',
        recipientId: '1',
        groupName: 'Plan',
        radios: [
          {
            pageNumber: '1',
            xPosition: '100',
            yPosition: '200',
            value: 'basic',
            selected: 'false',
            required: 'true',
          },
          {
            pageNumber: '1',
            xPosition: '140',
            yPosition: '224',
            value: 'plus',
            selected: 'true',
            required: 'true',
          },
        ],
      },
    ])
    const [read] = roundTrip(stateOf([plan])).fields
    expect(read).toMatchObject({ type: 'radioGroup', x: 100, y: 200, tabLabel: 'Plan', required: true })
    expect(read?.radios?.map(({ value, dx, dy, selected }) => ({ value, dx, dy, selected }))).toEqual([
      { value: 'basic', dx: 0, dy: 0, selected: false },
      { value: 'plus', dx: 40, dy: 24, selected: true },
    ])
  })

  it('keeps a group it cannot draw (radios on two pages) as it came', () => {
    const template = {
      name: 'Kept',
      recipients: {
        signers: [
          {
            recipientId: '1',
            roleName: 'Tenant',
            tabs: {
              radioGroupTabs: [
                {
                  documentId: '1',
                  groupName: 'Split',
                  radios: [
                    { value: 'a', pageNumber: '1', xPosition: '1', yPosition: '1' },
                    { value: 'b', pageNumber: '2', xPosition: '1', yPosition: '1' },
                  ],
                },
              ],
            },
          },
        ],
      },
    }
    const state = fromTemplate(template, key)
    expect(state.fields).toEqual([])
    const saved = toTemplateDefinition(state, { withDocuments: false }) as typeof template
    expect(saved.recipients.signers[0]?.tabs).toEqual({
      radioGroupTabs: [{ ...template.recipients.signers[0]?.tabs.radioGroupTabs[0], recipientId: '1' }],
    })
  })
})

describe('formulas, formats and conditional display', () => {
  const price: Field = { ...base, key: 'price', type: 'numerical', x: 10, y: 10, tabLabel: 'Price' }
  const total: Field = {
    ...base,
    key: 'total',
    type: 'formula',
    x: 10,
    y: 40,
    tabLabel: 'Total',
    formula: '[Price] * 2',
    roundDecimalPlaces: '2',
    hidden: false,
  }

  it('round-trips every edited property, whatever its values', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('', 'en_us', 'de_de', 'es_mx'),
        fc.constantFrom('', 'dd/MM/yyyy', 'd MMMM yyyy'),
        fc.constantFrom('', '0', '9'),
        fc.boolean(),
        fc.constantFrom('basic', 'plus'),
        (cultureName, dateFormat, places, hidden, shownFor) => {
          const date: Field = {
            ...base,
            key: 'start',
            type: 'date',
            x: 10,
            y: 70,
            tabLabel: 'Start',
            localePolicy: { cultureName, dateFormat, calendarType: 'gregorian' },
            conditionalParentLabel: 'Plan',
            conditionalParentValue: shownFor,
          }
          const state = stateOf([plan, price, { ...total, roundDecimalPlaces: places, hidden }, date])
          const read = roundTrip(state).fields
          const byLabel = (label: string) => read.find((field) => field.tabLabel === label)
          expect(byLabel('Total')).toMatchObject({
            formula: '[Price] * 2',
            roundDecimalPlaces: places,
            hidden,
          })
          // Blank choices are left out; a property the editor does not offer is kept.
          const expected = Object.fromEntries(
            Object.entries({ cultureName, dateFormat, calendarType: 'gregorian' }).filter(
              ([, value]) => value,
            ),
          )
          expect(byLabel('Start')).toMatchObject({
            localePolicy: expected,
            conditionalParentLabel: 'Plan',
            conditionalParentValue: shownFor,
          })
          expect(fieldProblems(state).size).toBe(0)
        },
      ),
    )
  })

  it('keeps properties of types that do not edit them, and other unknown properties', () => {
    const template = {
      name: 'Kept',
      recipients: {
        signers: [
          {
            recipientId: '1',
            roleName: 'Tenant',
            tabs: {
              textTabs: [
                {
                  documentId: '1',
                  pageNumber: '1',
                  xPosition: '1',
                  yPosition: '1',
                  hidden: 'true',
                  shared: 'true',
                },
              ],
            },
          },
        ],
      },
    }
    const saved = toTemplateDefinition(fromTemplate(template, key), {
      withDocuments: false,
    }) as typeof template
    expect(saved.recipients.signers[0]?.tabs.textTabs[0]).toMatchObject({ hidden: 'true', shared: 'true' })
  })

  it("names the field that breaks the service's rules, as the service would refuse it", () => {
    const broken = stateOf([
      plan,
      price,
      { ...total, formula: 'Max([Price], 1)' },
      {
        ...base,
        key: 'note',
        type: 'text',
        x: 1,
        y: 1,
        tabLabel: 'Note',
        conditionalParentLabel: 'Plan',
        conditionalParentValue: 'gold',
      },
    ])
    const problems = fieldProblems(broken)
    expect(problems.get('total')?.map((problem) => problem.kind)).toEqual(['formulaInvalid'])
    expect(problems.get('note')).toEqual([
      expect.objectContaining({ kind: 'conditionalValueInvalid', label: 'Plan', allowed: ['basic', 'plus'] }),
    ])
    expect(problems.has('plan')).toBe(false)
  })

  it("offers the role's other labels as parents, with the values each can take", () => {
    const checkbox: Field = { ...base, key: 'pets', type: 'checkbox', x: 1, y: 1, tabLabel: 'Pets' }
    const choices = parentChoices(stateOf([plan, checkbox, price]), price)
    expect(choices).toEqual([
      { label: 'Pets', values: ['on', 'off'] },
      { label: 'Plan', values: ['basic', 'plus'] },
    ])
  })

  it("previews a format with the service's own formatting", () => {
    expect(
      localePreview({ ...price, localePolicy: { cultureName: 'de_de' }, validationType: 'Currency' }),
    ).toBe('1.234.567,89 €')
    expect(
      localePreview({
        ...price,
        type: 'date',
        localePolicy: { dateFormat: 'd MMMM yyyy', cultureName: 'es_es' },
      }),
    ).toBe('28 febrero 2026')
  })
})
