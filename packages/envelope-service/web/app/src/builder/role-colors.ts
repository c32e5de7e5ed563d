import type { Role } from './model.js'

/** One colour per role, in role order: a border dark enough to see on white, a light fill for the text. */
const COLORS = [
  { border: '#1d4ed8', fill: 'rgba(191, 219, 254, 0.85)' },
  { border: '#b45309', fill: 'rgba(253, 230, 138, 0.85)' },
  { border: '#047857', fill: 'rgba(167, 243, 208, 0.85)' },
  { border: '#be185d', fill: 'rgba(251, 207, 232, 0.85)' },
  { border: '#6d28d9', fill: 'rgba(221, 214, 254, 0.85)' },
  { border: '#0e7490', fill: 'rgba(165, 243, 252, 0.85)' },
]

export function roleColor(roles: readonly Role[], roleKey: string) {
  const index = Math.max(
    0,
    roles.findIndex((role) => role.key === roleKey),
  )
  return COLORS[index % COLORS.length] as (typeof COLORS)[number]
}
