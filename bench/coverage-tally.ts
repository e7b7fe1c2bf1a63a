// bench/coverage.ts's counts: each component's answers from the batch endpoints, per ecosystem (purl type): how many
// purls the KB knows, how many have licenses, answered for the exact version (or the version the requirement
// resolves to) or for the nearest licensed one, and each endpoint's outcomes.

export const ENDPOINTS = {
  licenses: '/v2/licenses/components',
  status: '/v2/components/status/components',
  vulnerabilities: '/v2/vulnerabilities/components',
  cryptography: '/v2/cryptography/algorithms/components',
  semgrep: '/v2/semgrep/issues/components',
} as const
export type Endpoint = keyof typeof ENDPOINTS
export type Item = Record<string, unknown>

const OUTCOMES = [
  'SUCCESS',
  'COMPONENT_NOT_FOUND',
  'VERSION_NOT_FOUND',
  'NO_INFO',
  'REQUIREMENT_NOT_MET',
  'INVALID_SEMVER',
] as const

interface EcosystemTally {
  purls: number
  /** Sent without an exact version: a requirements file's unpinned lines (with their requirement, if any). */
  unpinned: number
  known: number
  licensed: number
  exact: number
  nearest: number
  outcomes: Record<string, Record<string, number>>
}

/** An item's outcome: its own code, or its component and version status's (the status endpoint nests them). */
function outcome(item: Item): string {
  const nested = ['component_status', 'version_status'].map((k) => (item[k] ?? {}) as Item)
  const codes = [item, ...nested]
    .flatMap((o) => [o.error_code, o.info_code])
    .filter((c): c is string => typeof c === 'string' && c !== 'SUCCESS')
  if (codes.length === 0) return 'SUCCESS'
  return codes.includes('COMPONENT_NOT_FOUND') ? 'COMPONENT_NOT_FOUND' : (codes[0] as string)
}

/** The counts of one pass: `answers[endpoint][i]` answers `asked[i]` (the answers keep the request's order). */
export function tally(
  asked: readonly { purl: string }[],
  answers: Record<Endpoint, Item[]>,
): Map<string, EcosystemTally> {
  const out = new Map<string, EcosystemTally>()
  asked.forEach(({ purl }, i) => {
    const eco = purl.slice(4, purl.indexOf('/'))
    const t = out.get(eco) ?? { purls: 0, unpinned: 0, known: 0, licensed: 0, exact: 0, nearest: 0, outcomes: {} }
    out.set(eco, t)
    t.purls++
    if (!purl.includes('@')) t.unpinned++
    for (const [endpoint, items] of Object.entries(answers)) {
      const o = outcome(items[i] as Item)
      const counts = t.outcomes[endpoint] ?? {}
      t.outcomes[endpoint] = counts
      const key = (OUTCOMES as readonly string[]).includes(o) ? o : 'other'
      counts[key] = (counts[key] ?? 0) + 1
    }
    const lic = answers.licenses[i] as Item
    const o = outcome(lic)
    if (o !== 'COMPONENT_NOT_FOUND' && o !== 'INVALID_PURL') t.known++
    if (Array.isArray(lic.licenses) && lic.licenses.length > 0) {
      t.licensed++
      // a purl's @version is an exact requirement: SUCCESS is that version's (or the requirement's) own licenses
      if (o === 'REQUIREMENT_NOT_MET') t.nearest++
      else t.exact++
    }
  })
  return out
}

export function report(title: string, tallies: Map<string, EcosystemTally>, ms: number): string {
  const all = [...tallies.values()].reduce((n, t) => n + t.purls, 0)
  const pct = (n: number, of: number) => `${n} (${((100 * n) / of).toFixed(1)}%)`
  const summary = [...tallies].map(
    ([eco, t]) =>
      `| ${eco} | ${t.purls} (${t.unpinned} unpinned) | ${pct(t.known, t.purls)} | ${pct(t.licensed, t.purls)} | ${t.exact} | ${t.nearest} |`,
  )
  const outcomes = [...tallies].flatMap(([eco, t]) =>
    Object.entries(t.outcomes).map(
      ([endpoint, c]) => `| ${eco} | ${endpoint} | ${[...OUTCOMES, 'other'].map((k) => c[k] ?? 0).join(' | ')} |`,
    ),
  )
  return [
    `${title} (${all} components, ${(ms / 1000).toFixed(1)} s)`,
    '| ecosystem | components | known | with licenses | exact (or required) version | nearest version |',
    '| --- | --: | --: | --: | --: | --: |',
    ...summary,
    '',
    `| ecosystem | endpoint | ${OUTCOMES.join(' | ')} | other |`,
    `| --- | --- |${' --: |'.repeat(OUTCOMES.length + 1)}`,
    ...outcomes,
  ].join('\n')
}
