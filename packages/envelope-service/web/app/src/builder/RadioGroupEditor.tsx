import { newKey } from './key.js'
import type { Field, PageSize, RadioOption } from './model.js'
import type { BuilderWords } from './words.js'

interface Props {
  field: Field
  size: PageSize | undefined
  words: BuilderWords
  onChange: (patch: Partial<Field>) => void
}

/** How far below the last radio a new one goes, in points. */
const RADIO_STEP = 24

/**
 * A radio group's radios: each one's value and position (points from the page's top-left, as the
 * field's box is), the one selected by default, adding and removing radios. The first radio is the
 * field's box on the page, so moving the box moves the whole group.
 */
export function RadioGroupEditor({ field, size, words, onChange }: Props) {
  const radios = field.radios ?? []
  const setRadios = (next: RadioOption[]) => onChange({ radios: next })
  const setRadio = (key: string, patch: Partial<RadioOption>) =>
    setRadios(radios.map((radio) => (radio.key === key ? { ...radio, ...patch } : radio)))
  const within = (value: number, limit: number | undefined) =>
    Math.round(Math.max(0, limit === undefined ? value : Math.min(value, limit)))
  const moveRadio = (radio: RadioOption, axis: 'x' | 'y', to: number) => {
    if (radios[0]?.key === radio.key) {
      // The first radio is the group's box: moving it moves the box, the others keep their places.
      const delta = within(to, axis === 'x' ? size?.width : size?.height) - field[axis]
      const offset = axis === 'x' ? 'dx' : 'dy'
      onChange({
        [axis]: field[axis] + delta,
        radios: radios.map((other, index) =>
          index === 0 ? other : { ...other, [offset]: other[offset] - delta },
        ),
      })
      return
    }
    const limit = axis === 'x' ? size?.width : size?.height
    const placed = within(to, limit) - field[axis]
    setRadio(radio.key, axis === 'x' ? { dx: placed } : { dy: placed })
  }
  const add = () => {
    const last = radios[radios.length - 1]
    const dy = last ? last.dy + RADIO_STEP : 0
    const fits = size === undefined || field.y + dy + field.height <= size.height
    setRadios([
      ...radios,
      {
        key: newKey(),
        value: words.newRadioValue(radios.length + 1),
        dx: fits ? (last?.dx ?? 0) : (last?.dx ?? 0) + RADIO_STEP,
        dy: fits ? dy : (last?.dy ?? 0),
        selected: false,
      },
    ])
  }
  const selected = radios.find((radio) => radio.selected)?.key ?? ''
  return (
    <fieldset className="box stacked">
      <legend>{words.radiosHeading}</legend>
      <ol className="radio-list">
        {radios.map((radio, index) => (
          <li key={radio.key}>
            <fieldset className="box">
              <legend>{words.radioLegend(index + 1, radio.value)}</legend>
              <label className="field whole-row">
                <span>{words.radioValue}</span>
                <input
                  value={radio.value}
                  maxLength={500}
                  onChange={(event) => setRadio(radio.key, { value: event.target.value })}
                />
              </label>
              <label className="field narrow">
                <span>{words.left}</span>
                <input
                  type="number"
                  value={field.x + radio.dx}
                  onChange={(event) => moveRadio(radio, 'x', Number(event.target.value) || 0)}
                />
              </label>
              <label className="field narrow">
                <span>{words.top}</span>
                <input
                  type="number"
                  value={field.y + radio.dy}
                  onChange={(event) => moveRadio(radio, 'y', Number(event.target.value) || 0)}
                />
              </label>
              {radios.length > 1 && (
                <button
                  type="button"
                  className="secondary whole-row"
                  onClick={() => {
                    const rest = radios.filter((other) => other.key !== radio.key)
                    const [first] = rest
                    if (index === 0 && first) {
                      // The next radio becomes the group's box.
                      onChange({
                        x: field.x + first.dx,
                        y: field.y + first.dy,
                        radios: rest.map((other) => ({
                          ...other,
                          dx: other.dx - first.dx,
                          dy: other.dy - first.dy,
                        })),
                      })
                    } else setRadios(rest)
                  }}
                >
                  {words.removeRadio(radio.value)}
                </button>
              )}
            </fieldset>
          </li>
        ))}
      </ol>
      <button type="button" className="secondary" onClick={add}>
        {words.addRadio}
      </button>
      <label className="field">
        <span>{words.defaultChoice}</span>
        <select
          value={selected}
          onChange={(event) =>
            setRadios(radios.map((radio) => ({ ...radio, selected: radio.key === event.target.value })))
          }
        >
          <option value="">{words.noDefault}</option>
          {radios.map((radio) => (
            <option key={radio.key} value={radio.key}>
              {radio.value}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  )
}
