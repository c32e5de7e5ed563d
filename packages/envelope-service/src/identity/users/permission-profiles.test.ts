import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PERMISSIONS, type Permission } from '../permissions.js'
import {
  applyPermissionRequest,
  PERMISSION_PROFILES,
  type PermissionProfileName,
  permissionRequestProblem,
  profileOf,
  settingsOf,
} from './permission-profiles.js'

const permissionSets = fc.subarray([...PERMISSIONS]).map((list) => new Set<Permission>(list))
const flags = fc.constantFrom('true', 'false', 'TRUE', 'False')

describe('permission profiles', () => {
  it('a profile alone gives exactly its permissions, whatever the user had', () => {
    fc.assert(
      fc.property(
        permissionSets,
        fc.constantFrom(...(Object.keys(PERMISSION_PROFILES) as PermissionProfileName[])),
        (current, profile) => {
          expect([...applyPermissionRequest(current, { permissionProfileName: profile })].sort()).toEqual(
            [...PERMISSION_PROFILES[profile]].sort(),
          )
        },
      ),
    )
  })

  it('showing a user and sending it back changes nothing', () => {
    fc.assert(
      fc.property(permissionSets, (permissions) => {
        const shown = { userSettings: settingsOf(permissions) }
        expect(applyPermissionRequest(new Set(), shown)).toEqual(permissions)
      }),
    )
  })

  it('isAdmin and the settings switch single permissions on or off', () => {
    fc.assert(
      fc.property(permissionSets, flags, flags, (current, admin, send) => {
        const result = applyPermissionRequest(current, {
          isAdmin: admin,
          userSettings: { canSendEnvelope: send },
        })
        expect(result.has('administer')).toBe(admin.toLowerCase() === 'true')
        expect(result.has('send_envelopes')).toBe(send.toLowerCase() === 'true')
        expect(result.has('manage_templates')).toBe(current.has('manage_templates'))
      }),
    )
  })

  it('names the profile of a set of permissions', () => {
    expect(profileOf(new Set(PERMISSIONS))).toBe('Account Administrator')
    expect(profileOf(new Set(['send_envelopes']))).toBe('DocuSign Sender')
    expect(profileOf(new Set())).toBe('DocuSign Viewer')
  })

  it('refuses unknown profiles, settings and non-boolean flags', () => {
    expect(permissionRequestProblem({ permissionProfileName: 'Owner' })).toContain('permissionProfileName')
    expect(permissionRequestProblem({ userSettings: { canSignEnvelope: 'true' } })).toContain('not supported')
    expect(permissionRequestProblem({ userSettings: { canSendEnvelope: 'yes' } })).toContain(
      '"true" or "false"',
    )
    expect(permissionRequestProblem({ isAdmin: '1' })).toContain('isAdmin')
    expect(
      permissionRequestProblem({ permissionProfileName: 'DocuSign Viewer', isAdmin: 'true' }),
    ).toBeUndefined()
  })
})
