import { useUi } from '../i18n.js'

/** A line of an editable list, with a key that stays with it when lines move. */
export interface Line {
  key: number
  text: string
}

let nextKey = 1
export const linesOf = (texts: string[]): Line[] => texts.map((text) => ({ key: nextKey++, text }))

/** Ingredient or step lines: edit, add, remove, move up and down (buttons, so the keyboard can do it). */
export function LineList({
  name,
  legend,
  lines,
  labelOf,
  addLabel,
  multiline = false,
  problemsOf,
  onChange,
}: {
  name: 'ingredients' | 'instructions'
  legend: string
  lines: Line[]
  labelOf: (position: number) => string
  addLabel: string
  multiline?: boolean
  problemsOf: (input: string) => string[]
  onChange: (lines: Line[]) => void
}) {
  const { t } = useUi()
  const move = (from: number, to: number) => {
    const next = [...lines]
    const [moved] = next.splice(from, 1)
    if (moved) next.splice(to, 0, moved)
    onChange(next)
  }
  return (
    <fieldset className="lines">
      <legend>{legend}</legend>
      <ol>
        {lines.map((line, index) => {
          const id = `${name}-${index}`
          const label = labelOf(index + 1)
          const messages = problemsOf(id)
          const props = {
            id,
            value: line.text,
            'aria-invalid': messages.length > 0 || undefined,
            'aria-describedby': messages.length > 0 ? `${id}-problem` : undefined,
            onChange: (event: { target: { value: string } }) =>
              onChange(
                lines.map((other) =>
                  other.key === line.key ? { ...other, text: event.target.value } : other,
                ),
              ),
          }
          return (
            <li key={line.key}>
              <label htmlFor={id} className="visually-hidden">
                {label}
              </label>
              {multiline ? <textarea rows={2} {...props} /> : <input {...props} />}
              <span className="line-actions">
                <button
                  type="button"
                  aria-label={t.moveUp(label)}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  aria-label={t.moveDown(label)}
                  disabled={index === lines.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  ↓
                </button>
                <button
                  type="button"
                  aria-label={t.remove(label)}
                  disabled={lines.length === 1}
                  onClick={() => onChange(lines.filter((other) => other.key !== line.key))}
                >
                  ✕
                </button>
              </span>
              {messages.length > 0 && (
                <p id={`${id}-problem`} className="problem">
                  {messages.join(' ')}
                </p>
              )}
            </li>
          )
        })}
      </ol>
      <button type="button" onClick={() => onChange([...lines, ...linesOf([''])])}>
        {addLabel}
      </button>
    </fieldset>
  )
}
