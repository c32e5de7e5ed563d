import { useId } from 'react'
import type { EmbeddedWords } from '../embedded/words.js'
import { newKey } from './key.js'
import { kindCarriesFields, type Role } from './model.js'
import { roleColor } from './role-colors.js'
import type { BuilderWords } from './words.js'

interface Props {
  roles: Role[]
  selectedRole: string | undefined
  words: EmbeddedWords
  builderWords: BuilderWords
  onSelect: (key: string) => void
  onChange: (roles: Role[]) => void
}

const emailOf = (role: Role) => (typeof role.extra?.email === 'string' ? role.extra.email : '')

/**
 * An envelope draft's recipients in the builder: a person's name and email (where a template has a role
 * name), the recipient fields are being placed for, add and remove.
 */
export function RecipientsPanel({ roles, selectedRole, words, builderWords, onSelect, onChange }: Props) {
  const id = useId()
  const set = (key: string, patch: Partial<Role>) =>
    onChange(roles.map((role) => (role.key === key ? { ...role, ...patch } : role)))

  const add = () => {
    const role: Role = {
      key: newKey(),
      name: '',
      routingOrder: roles.length + 1,
      kind: 'signers',
      extra: { email: '' },
    }
    onChange([...roles, role])
    if (!selectedRole) onSelect(role.key)
  }

  return (
    <section className="panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{words.recipients}</h2>
      <ol className="role-list">
        {roles.map((role, index) => (
          <li key={role.key} style={{ borderInlineStartColor: roleColor(roles, role.key).border }}>
            <fieldset>
              <legend>
                {role.name || words.newRecipient(index + 1)} · {builderWords.kind[role.kind]}
              </legend>
              <label className="field">
                <span>{words.recipientName}</span>
                <input
                  value={role.name}
                  maxLength={100}
                  autoComplete="off"
                  onChange={(event) => set(role.key, { name: event.target.value })}
                />
              </label>
              <label className="field">
                <span>{words.recipientEmail}</span>
                <input
                  type="email"
                  value={emailOf(role)}
                  maxLength={320}
                  autoComplete="off"
                  onChange={(event) => set(role.key, { extra: { ...role.extra, email: event.target.value } })}
                />
              </label>
              {kindCarriesFields(role.kind) && (
                <label className="check">
                  <input
                    type="radio"
                    name={`${id}-place`}
                    checked={selectedRole === role.key}
                    onChange={() => onSelect(role.key)}
                  />
                  {words.placeFor(role.name)}
                </label>
              )}
              <button
                type="button"
                className="secondary"
                onClick={() => onChange(roles.filter((candidate) => candidate.key !== role.key))}
              >
                {words.removeRecipient(role.name)}
              </button>
            </fieldset>
          </li>
        ))}
      </ol>
      <button type="button" className="secondary" onClick={add}>
        {words.addRecipient}
      </button>
    </section>
  )
}
