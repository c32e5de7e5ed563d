import { ACCOUNT_ROLE_SETTING_NAMES, type AccountRoleSettings, TEMPLATE_ACCESS_LEVELS } from 'esign-contract'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PERMISSIONS } from '../../identity/permissions.js'
import { mergeSettings, permissionsOfSettings, settingsOfPermissions } from './rules.js'

const ENFORCED_SETTINGS = ['allowAccountManagement', 'allowEnvelopeSending', 'allowedTemplateAccess']

/** What a permission profile's settings mean to the service (rules.ts), over arbitrary settings. */

const anyCase = (value: string) =>
  fc
    .array(fc.boolean(), { minLength: value.length, maxLength: value.length })
    .map((upper) => [...value].map((char, index) => (upper[index] ? char.toUpperCase() : char)).join(''))

const flag = fc.constantFrom('true', 'false').chain(anyCase)
const storedOnlyNames = ACCOUNT_ROLE_SETTING_NAMES.filter((name) => !ENFORCED_SETTINGS.includes(name))
const storedOnly = fc.dictionary(fc.constantFrom(...storedOnlyNames), fc.string({ maxLength: 10 }))
const enforced = fc.record(
  {
    allowAccountManagement: flag,
    allowEnvelopeSending: flag,
    allowedTemplateAccess: fc.constantFrom(...TEMPLATE_ACCESS_LEVELS).chain(anyCase),
  },
  { requiredKeys: [] },
)

describe('permissionsOfSettings', () => {
  it('grants each permission exactly when its enforced setting allows it, in any case', () => {
    fc.assert(
      fc.property(enforced, (settings) => {
        const permissions = permissionsOfSettings(settings)
        expect(permissions.has('administer')).toBe(settings.allowAccountManagement?.toLowerCase() === 'true')
        expect(permissions.has('send_envelopes')).toBe(
          settings.allowEnvelopeSending?.toLowerCase() === 'true',
        )
        expect(permissions.has('manage_templates')).toBe(
          ['create', 'share'].includes(settings.allowedTemplateAccess?.toLowerCase() ?? ''),
        )
      }),
    )
  })

  it('is never changed by a stored-only setting', () => {
    fc.assert(
      fc.property(enforced, storedOnly, (settings, others) => {
        expect(permissionsOfSettings({ ...others, ...settings } as AccountRoleSettings)).toEqual(
          permissionsOfSettings(settings),
        )
      }),
    )
  })

  it('reads back every set of permissions that settingsOfPermissions states', () => {
    fc.assert(
      fc.property(fc.subarray([...PERMISSIONS]), (permissions) => {
        expect(permissionsOfSettings(settingsOfPermissions(new Set(permissions)))).toEqual(
          new Set(permissions),
        )
      }),
    )
  })
})

describe('mergeSettings', () => {
  it('takes every setting given and keeps every other stored one', () => {
    fc.assert(
      fc.property(storedOnly, storedOnly, (stored, given) => {
        const merged = mergeSettings(stored, given) as Record<string, string>
        for (const [name, value] of Object.entries(given)) expect(merged[name]).toBe(value)
        for (const [name, value] of Object.entries(stored))
          if (!(name in given)) expect(merged[name]).toBe(value)
        expect(Object.keys(merged).sort()).toEqual(
          [...new Set([...Object.keys(stored), ...Object.keys(given)])].sort(),
        )
      }),
    )
  })
})
