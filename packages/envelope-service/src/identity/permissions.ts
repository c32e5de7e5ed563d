export const PERMISSIONS = ['send_envelopes', 'manage_templates', 'administer'] as const
export type Permission = (typeof PERMISSIONS)[number]

export function parsePermissions(stored: string): Set<Permission> {
  return new Set(
    stored
      .split(',')
      .map((p) => p.trim())
      .filter((p): p is Permission => (PERMISSIONS as readonly string[]).includes(p)),
  )
}

export const formatPermissions = (permissions: Iterable<Permission>) =>
  [...new Set(permissions)].sort().join(',')
