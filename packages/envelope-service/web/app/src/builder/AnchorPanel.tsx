import { useId } from 'react'
import { type AnchorPreview, anchorProblems } from './anchor-preview.js'
import { newKey } from './key.js'
import {
  ANCHOR_FIELD_TYPES,
  ANCHOR_UNITS,
  type AnchorField,
  type AnchorUnits,
  type BuilderDocument,
  type FieldType,
  kindCarriesFields,
  type Role,
} from './model.js'
import type { BuilderWords } from './words.js'

interface Props {
  anchors: AnchorField[]
  preview: AnchorPreview
  roles: Role[]
  documents: BuilderDocument[]
  activeRole: string | undefined
  words: BuilderWords
  onChange: (anchors: AnchorField[]) => void
}

/** Fields placed by anchor text: what to look for, the offset from it, and where it was found. */
export function AnchorPanel({ anchors, preview, roles, documents, activeRole, words, onChange }: Props) {
  const { hits, reading, unreadable } = preview
  const id = useId()
  const fillers = roles.filter((role) => kindCarriesFields(role.kind))
  const set = (key: string, patch: Partial<AnchorField>) =>
    onChange(anchors.map((anchor) => (anchor.key === key ? { ...anchor, ...patch } : anchor)))
  const add = () => {
    if (!activeRole) return
    onChange([
      ...anchors,
      {
        key: newKey(),
        type: 'signHere',
        roleKey: activeRole,
        anchorString: '',
        xOffset: '0',
        yOffset: '0',
        units: 'pixels',
        ignoreIfNotPresent: false,
        caseSensitive: false,
        matchWholeWord: false,
        required: true,
        tabLabel: '',
      },
    ])
  }
  const documentName = (documentId: string) =>
    documents.find((document) => document.documentId === documentId)?.name ?? documentId
  return (
    <section className="panel anchors" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{words.anchors}</h2>
      <p className="hint">{words.anchorsHint}</p>
      {anchors.length > 0 && unreadable.length > 0 && (
        <div role="alert" className="warning">
          <p>{words.anchorsUnreadable(unreadable.map((document) => document.name))}</p>
          <button type="button" className="secondary" onClick={preview.retry}>
            {words.tryAgain}
          </button>
        </div>
      )}
      <ol className="custom-field-list">
        {anchors.map((anchor, index) => {
          const found = hits.filter((hit) => hit.anchorKey === anchor.key)
          const problems = anchorProblems(anchor)
          const role = roles.find((candidate) => candidate.key === anchor.roleKey)
          const flag = (
            label: string,
            key: 'ignoreIfNotPresent' | 'caseSensitive' | 'matchWholeWord' | 'required',
          ) => (
            <label className="check">
              <input
                type="checkbox"
                checked={anchor[key]}
                onChange={(event) => set(anchor.key, { [key]: event.target.checked })}
              />
              {label}
            </label>
          )
          const offset = (label: string, key: 'xOffset' | 'yOffset') => (
            <label className="field narrow">
              <span>{label}</span>
              <input
                inputMode="decimal"
                value={anchor[key]}
                aria-invalid={problems.includes(key)}
                onChange={(event) => set(anchor.key, { [key]: event.target.value })}
              />
            </label>
          )
          return (
            <li key={anchor.key} data-anchor={anchor.key}>
              <fieldset>
                <legend>
                  {words.anchorLegend(
                    words.fieldType[anchor.type],
                    role?.name ?? '',
                    anchor.anchorString || String(index + 1),
                  )}
                </legend>
                {problems.map((problem) => (
                  <p key={problem} role="alert" className="warning">
                    {words.anchorProblem[problem]}
                  </p>
                ))}
                <label className="field">
                  <span>{words.anchorText}</span>
                  <input
                    value={anchor.anchorString}
                    maxLength={500}
                    onChange={(event) => set(anchor.key, { anchorString: event.target.value })}
                  />
                </label>
                <label className="field">
                  <span>{words.anchorFieldType}</span>
                  <select
                    value={anchor.type}
                    onChange={(event) => set(anchor.key, { type: event.target.value as FieldType })}
                  >
                    {ANCHOR_FIELD_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {words.fieldType[type]}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="field">
                  <span>{words.role}</span>
                  <select
                    value={anchor.roleKey}
                    onChange={(event) => set(anchor.key, { roleKey: event.target.value })}
                  >
                    {fillers.map((candidate) => (
                      <option key={candidate.key} value={candidate.key}>
                        {candidate.name}
                      </option>
                    ))}
                  </select>
                </label>
                {offset(words.anchorXOffset, 'xOffset')}
                {offset(words.anchorYOffset, 'yOffset')}
                <label className="field narrow">
                  <span>{words.anchorUnits}</span>
                  <select
                    value={anchor.units}
                    onChange={(event) => set(anchor.key, { units: event.target.value as AnchorUnits })}
                  >
                    {ANCHOR_UNITS.map((units) => (
                      <option key={units} value={units}>
                        {words.units[units]}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="field">
                  <span>{words.tabLabel}</span>
                  <input
                    value={anchor.tabLabel}
                    maxLength={500}
                    onChange={(event) => set(anchor.key, { tabLabel: event.target.value })}
                  />
                </label>
                {!['dateSigned', 'fullName', 'email'].includes(anchor.type) &&
                  flag(words.required, 'required')}
                {flag(words.anchorCaseSensitive, 'caseSensitive')}
                {flag(words.anchorMatchWholeWord, 'matchWholeWord')}
                {flag(words.anchorIgnoreIfNotPresent, 'ignoreIfNotPresent')}
                {anchor.anchorString !== '' && (
                  <p
                    role="status"
                    className={
                      found.length === 0 && !anchor.ignoreIfNotPresent && !reading && unreadable.length === 0
                        ? 'warning'
                        : 'hint'
                    }
                  >
                    {found.length === 0
                      ? reading
                        ? words.anchorReading
                        : unreadable.length > 0
                          ? words.anchorNotChecked
                          : words.anchorNotFound
                      : words.anchorFound(
                          found.length,
                          [
                            ...new Set(
                              found.map((hit) => words.pageOf(documentName(hit.documentId), hit.pageNumber)),
                            ),
                          ].join(', '),
                        )}
                  </p>
                )}
                <button
                  type="button"
                  className="secondary"
                  onClick={() => onChange(anchors.filter((candidate) => candidate.key !== anchor.key))}
                >
                  {words.removeAnchor(anchor.anchorString || String(index + 1))}
                </button>
              </fieldset>
            </li>
          )
        })}
      </ol>
      <button type="button" className="secondary" onClick={add} disabled={!activeRole}>
        {words.addAnchor}
      </button>
    </section>
  )
}
