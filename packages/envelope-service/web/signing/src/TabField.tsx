import type { SigningTab } from '../../../src/signing/schema.js'
import type { Words } from './i18n.js'
import { type PageSize, type PlacedTab, positionOf, tabElementId } from './PdfDocument.js'
import { type Adopted, entryProblem, isDone, isInteractive, type Values } from './tabs.js'

interface Props {
  tab: PlacedTab
  page: PageSize
  values: Values
  adopted: Adopted
  words: Words
  onChange: (tabId: string, value: string) => void
  onSign: (tab: SigningTab) => void
}

/** Just under a tab, at least as wide as it; as tall as its text. */
function below(tab: SigningTab, page: PageSize): React.CSSProperties {
  const { height: _height, ...style } = positionOf({ ...tab, y: tab.y + tab.height }, page)
  return style
}

/** One tab laid over its page: a field to fill, a place to sign, or a value the service filled in. */
export function TabField({ tab, page, values, adopted, words, onChange, onSign }: Props) {
  const id = tabElementId(tab)
  const style = positionOf(tab, page)
  const label = tab.label ?? words[tab.type === 'initialHere' ? 'initialHere' : 'signHere']
  const problem = entryProblem(tab, values)
  const pending =
    (tab.required && isInteractive(tab) && !isDone(tab, values, adopted)) || problem !== undefined
  const className = `tab tab-${tab.type}${pending ? ' pending' : ''}`
  const value = values[tab.tabId] ?? ''

  switch (tab.type) {
    case 'signHere':
    case 'initialHere': {
      const image = tab.type === 'signHere' ? adopted.signature : adopted.initials
      const signed = value === 'signed' && image !== undefined
      return (
        <button
          id={id}
          type="button"
          className={className}
          style={style}
          aria-label={`${tab.type === 'signHere' ? words.signHere : words.initialHere}${tab.required ? ` (${words.required})` : ''}`}
          aria-pressed={signed}
          onClick={() => onSign(tab)}
        >
          {signed ? (
            <img src={image} alt="" />
          ) : (
            <span>{tab.type === 'signHere' ? words.signHere : words.initialHere}</span>
          )}
        </button>
      )
    }
    case 'checkbox':
      return (
        <input
          id={id}
          type="checkbox"
          className={className}
          style={style}
          aria-label={label}
          aria-required={tab.required}
          checked={value === 'true'}
          disabled={tab.locked}
          onChange={(event) => onChange(tab.tabId, event.target.checked ? 'true' : 'false')}
        />
      )
    case 'list':
      return (
        <select
          id={id}
          className={className}
          style={style}
          aria-label={label}
          aria-required={tab.required}
          value={value}
          disabled={tab.locked}
          onChange={(event) => onChange(tab.tabId, event.target.value)}
        >
          <option value="">{words.choose}</option>
          {tab.listItems?.map((item) => (
            <option key={item.value} value={item.value}>
              {item.text}
            </option>
          ))}
        </select>
      )
    case 'radioGroup':
      return (
        <fieldset key={id} className="radio-group" aria-label={label}>
          {tab.radios?.map((radio) => (
            <input
              key={radio.value}
              id={`${id}-${radio.value}`}
              type="radio"
              name={id}
              className={className}
              style={positionOf(radio, page)}
              aria-label={`${label}: ${radio.value}`}
              required={tab.required}
              checked={value === radio.value}
              disabled={tab.locked}
              onChange={() => onChange(tab.tabId, radio.value)}
            />
          ))}
        </fieldset>
      )
    case 'text': {
      const message =
        problem?.kind === 'maxLength'
          ? words.tooLong(problem.maxLength)
          : problem
            ? (tab.validationMessage ?? words.invalidEntry)
            : undefined
      return (
        <>
          <input
            id={id}
            type="text"
            className={className}
            style={style}
            aria-label={label}
            aria-required={tab.required}
            aria-invalid={problem !== undefined}
            aria-describedby={message ? `${id}-problem` : undefined}
            // A locked tab shows the sender's or computed value as the document will (locale-formatted).
            value={tab.locked ? (tab.value ?? '') : value}
            readOnly={tab.locked}
            maxLength={tab.maxLength ?? 4000}
            onChange={(event) => onChange(tab.tabId, event.target.value)}
          />
          {message ? (
            // Just under the field, as wide as it or wider, so it never covers the entry being corrected.
            <span id={`${id}-problem`} className="tab-problem" style={below(tab, page)}>
              {message}
            </span>
          ) : null}
        </>
      )
    }
    default:
      // Date signed, full name, email: the service fills them in; the recipient sees them, read-only.
      return (
        <output id={id} className={className} style={style} aria-label={label}>
          {tab.value}
        </output>
      )
  }
}

/**
 * A tab another recipient already completed, shown as the signed document will show it and never
 * editable: their adopted signature or initials, the date they signed, their values.
 */
export function CompletedTabField({ tab, page, words }: { tab: PlacedTab; page: PageSize; words: Words }) {
  const id = tabElementId(tab)
  const who = tab.signedBy ?? ''
  const label = words.filledBy(
    tab.label ?? words[tab.type === 'initialHere' ? 'initialHere' : 'signHere'],
    who,
  )
  const className = `tab tab-${tab.type} tab-completed`
  switch (tab.type) {
    case 'signHere':
    case 'initialHere': {
      const alt = tab.type === 'signHere' ? words.signatureOf(who) : words.initialsOf(who)
      return (
        <div id={id} className={className} style={positionOf(tab, page)}>
          {tab.image ? <img src={tab.image} alt={alt} /> : <span>{alt}</span>}
        </div>
      )
    }
    case 'checkbox':
      return (
        <input
          id={id}
          type="checkbox"
          className={className}
          style={positionOf(tab, page)}
          aria-label={label}
          checked={tab.value === 'true'}
          disabled
          readOnly
        />
      )
    case 'radioGroup':
      return (
        <fieldset key={id} className="radio-group" aria-label={label} disabled>
          {tab.radios?.map((radio) => (
            <input
              key={radio.value}
              id={`${id}-${radio.value}`}
              type="radio"
              name={id}
              className={className}
              style={positionOf(radio, page)}
              aria-label={`${label}: ${radio.value}`}
              checked={tab.value === radio.value}
              readOnly
            />
          ))}
        </fieldset>
      )
    default: {
      const shown =
        tab.type === 'list'
          ? (tab.listItems?.find((item) => item.value === tab.value)?.text ?? tab.value)
          : tab.value
      return (
        <output id={id} className={className} style={positionOf(tab, page)} aria-label={label}>
          {shown}
        </output>
      )
    }
  }
}
