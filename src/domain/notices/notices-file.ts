// One third-party notices file for a whole project (`compintel notices`; docs/attribution-notices.md): the
// components sorted by name, then each distinct text once, headed by every component and file that ships it, in the
// order of the first component that does; the components without known notices listed last, with the reason.
import type { ComponentNotices } from './component-notices.ts'

const RULE = '-'.repeat(80)

/**
 * `name version` of an answer (`pkg:npm/%40scope/name@1.0.0` → `@scope/name 1.0.0`); the purl's version when none
 * resolved.
 */
function label(c: ComponentNotices): string {
  const m = /^pkg:[^/]+\/(.+?)(?:@([^@/?#]+))?(?:[?#].*)?$/.exec(c.purl)
  if (!m) return c.purl
  return `${decodeURIComponent(m[1] ?? '')} ${c.version || m[2] || ''}`.trim()
}

export function noticesFile(answers: readonly ComponentNotices[], title: string): string {
  const sorted = [...answers].sort((a, b) => label(a).localeCompare(label(b), 'en'))
  const withNotices = sorted.filter((c) => c.notices.length > 0)
  const without = sorted.filter((c) => c.notices.length === 0)
  const texts = new Map<string, { text: string; shippedBy: string[] }>()
  for (const c of withNotices)
    for (const n of c.notices) {
      const entry = texts.get(n.md5) ?? { text: n.text, shippedBy: [] }
      entry.shippedBy.push(`${label(c)}: ${n.source}`)
      texts.set(n.md5, entry)
    }
  const out = [title, '', `Components with notices (${withNotices.length}):`]
  for (const c of withNotices) out.push(`  ${label(c)} (${c.purl})`)
  for (const { text, shippedBy } of texts.values()) out.push('', RULE, ...shippedBy, RULE, '', text.trimEnd())
  if (without.length > 0) {
    out.push('', RULE, `Components without known notices (${without.length}):`, RULE)
    for (const c of without) {
      const why = c.outcome.code === 'SUCCESS' ? 'ships no notice file' : c.outcome.message
      out.push(`  ${label(c)} (${c.purl}): ${why}`)
    }
  }
  return `${out.join('\n')}\n`
}
