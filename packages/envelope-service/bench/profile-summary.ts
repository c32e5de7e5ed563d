/**
 * Summarises a V8 `.cpuprofile` (from `npm run bench -w envelope-service -- --profile=<dir>`): the share
 * of sampled time per package or source file (self time), the top functions by self time, and the
 * top functions of this repository by inclusive time (what a call costs with everything it calls).
 * Usage: npm run profile-summary -w envelope-service -- <file.cpuprofile> [--top=25]
 */
import { readFileSync } from 'node:fs'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}

interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

const file = process.argv.slice(2).find((argument) => !argument.startsWith('--'))
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [--top=25]')
const top = Number(/--top=(\d+)/.exec(process.argv.join(' '))?.[1] ?? 25)
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile

const selfUs = new Map<number, number>()
profile.samples.forEach((nodeId, index) => {
  selfUs.set(nodeId, (selfUs.get(nodeId) ?? 0) + (profile.timeDeltas[index] ?? 0))
})
const byId = new Map(profile.nodes.map((node) => [node.id, node]))
const parentOf = new Map<number, number>()
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id)

/** Where a frame's code lives: a package name, a repository file, a node internal or a V8 pseudo-frame. */
function placeOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)'
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (packageMatch) return packageMatch[1] as string
  const repoMatch = /packages\/([^/]+\/(?:src|bench)\/.*)$/.exec(url)
  if (repoMatch) return repoMatch[1] as string
  if (url.startsWith('node:')) return url
  return url
}

const label = (node: ProfileNode) =>
  `${node.callFrame.functionName || '(anonymous)'} ${placeOf(node.callFrame.url, node.callFrame.functionName)}:${node.callFrame.lineNumber + 1}`

const total = [...selfUs.values()].reduce((sum, us) => sum + us, 0)
const idle = [...selfUs].filter(([id]) => byId.get(id)?.callFrame.functionName === '(idle)')
const idleUs = idle.reduce((sum, [, us]) => sum + us, 0)
const busy = total - idleUs
const percent = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)}%`

function table(title: string, entries: Map<string, number>) {
  console.log(`\n${title}`)
  for (const [name, us] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${percent(us)}  ${name}`)
  }
}

const byPlace = new Map<string, number>()
const bySelf = new Map<string, number>()
for (const [id, us] of selfUs) {
  const node = byId.get(id)
  if (!node || node.callFrame.functionName === '(idle)') continue
  const place = placeOf(node.callFrame.url, node.callFrame.functionName)
  byPlace.set(place, (byPlace.get(place) ?? 0) + us)
  bySelf.set(label(node), (bySelf.get(label(node)) ?? 0) + us)
}

// Inclusive time of this repository's functions: each sample counts once per distinct function on its stack.
const inclusive = new Map<string, number>()
for (const [id, us] of selfUs) {
  const seen = new Set<string>()
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
    const node = byId.get(at)
    if (!node || !/packages\/[^/]+\/src\//.test(node.callFrame.url)) continue
    const name = label(node)
    if (seen.has(name)) continue
    seen.add(name)
    inclusive.set(name, (inclusive.get(name) ?? 0) + us)
  }
}

console.log(
  `${file}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (${((100 * busy) / total).toFixed(0)}%); shares are of busy time`,
)
table('Self time by place', byPlace)
table('Self time by function', bySelf)
table("This repository's functions, inclusive time", inclusive)
