import { useId } from 'react'
import { newKey } from './key.js'
import {
  kindCarriesFields,
  kindTakesDelivery,
  nearDuplicateRoles,
  ROLE_KINDS,
  type Role,
  type RoleDelivery,
  type RoleKind,
  sameRoles,
} from './model.js'
import { roleColor } from './role-colors.js'
import type { BuilderWords } from './words.js'

interface Props {
  roles: Role[]
  selectedRole: string | undefined
  words: BuilderWords
  onSelect: (key: string) => void
  onChange: (roles: Role[]) => void
}

/**
 * The template's roles: name, routing order, kind, default delivery; the role fields are being placed
 * for; name warnings.
 */
export function RolesPanel({ roles, selectedRole, words, onSelect, onChange }: Props) {
  const id = useId()
  const set = (key: string, patch: Partial<Role>) =>
    onChange(roles.map((role) => (role.key === key ? { ...role, ...patch } : role)))

  const add = () => {
    const role: Role = {
      key: newKey(),
      name: words.newRoleName(roles.length + 1),
      routingOrder: roles.length + 1,
      kind: 'signers',
    }
    onChange([...roles, role])
    if (!selectedRole) onSelect(role.key)
  }

  return (
    <section className="panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{words.roles}</h2>
      {nearDuplicateRoles(roles).map(([a, b]) => (
        <p key={`${a}|${b}`} role="alert" className="warning">
          {words.nearDuplicate(a, b)}
        </p>
      ))}
      {sameRoles(roles).map((name) => (
        <p key={name} role="alert" className="warning">
          {words.sameRole(name)}
        </p>
      ))}
      <ol className="role-list">
        {roles.map((role, index) => (
          <li key={role.key} style={{ borderInlineStartColor: roleColor(roles, role.key).border }}>
            <fieldset>
              <legend>{role.name || words.newRoleName(index + 1)}</legend>
              <label className="field">
                <span>{words.roleName}</span>
                <input
                  value={role.name}
                  maxLength={100}
                  onChange={(event) => set(role.key, { name: event.target.value })}
                />
              </label>
              <label className="field narrow">
                <span>{words.routingOrder}</span>
                <input
                  type="number"
                  min={1}
                  max={999}
                  value={role.routingOrder}
                  onChange={(event) =>
                    set(role.key, { routingOrder: Math.max(1, Number(event.target.value) || 1) })
                  }
                />
              </label>
              <label className="field">
                <span>{words.roleKind}</span>
                <select
                  value={role.kind}
                  onChange={(event) => set(role.key, { kind: event.target.value as RoleKind })}
                >
                  {ROLE_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {words.kind[kind]}
                    </option>
                  ))}
                </select>
              </label>
              {kindTakesDelivery(role.kind) && (
                <>
                  <label className="field">
                    <span>{words.defaultDelivery}</span>
                    <select
                      value={role.delivery ?? 'email'}
                      aria-describedby={role.delivery === 'SMS' ? `${id}-${role.key}-delivery` : undefined}
                      onChange={(event) => set(role.key, { delivery: event.target.value as RoleDelivery })}
                    >
                      <option value="email">{words.delivery.email}</option>
                      <option value="SMS">{words.delivery.SMS}</option>
                    </select>
                  </label>
                  {role.delivery === 'SMS' && (
                    <p className="hint" id={`${id}-${role.key}-delivery`}>
                      {words.deliveryHint}
                    </p>
                  )}
                </>
              )}
              {kindCarriesFields(role.kind) && (
                <label className="check">
                  <input
                    type="radio"
                    name={`${id}-place`}
                    checked={selectedRole === role.key}
                    onChange={() => onSelect(role.key)}
                  />
                  {words.placeFor} {role.name}
                </label>
              )}
              <button
                type="button"
                className="secondary"
                onClick={() => onChange(roles.filter((candidate) => candidate.key !== role.key))}
              >
                {words.removeRole(role.name)}
              </button>
            </fieldset>
          </li>
        ))}
      </ol>
      <button type="button" className="secondary" onClick={add}>
        {words.addRole}
      </button>
    </section>
  )
}
