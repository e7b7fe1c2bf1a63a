// The transitive answer's status message (docs/dependencies.md "Transitive dependencies"): `Success`, then the inputs
// skipped and why, whether the list was cut at its limit, and, when it learned on demand (learning.ts), how many
// packages are still being fetched and which could not be learned from their source, and why (docs/kb-growth.md
// "Waiting, and what an answer says"). Long lists are bounded: the first MAX_LISTED named, the rest counted.
import { publicReason } from '../on-demand/not-learned.ts'

/** Entries named in a list of the status message; the rest are counted. */
const MAX_LISTED = 10
/** The longest entry a list shows. */
const ENTRY_MAX = 200

const BEING_FETCHED = 'being fetched from their registry: ask again shortly'

/** The message of a walk: what was skipped, and whether the list was truncated. */
export function summary(skipped: readonly string[], truncated: boolean, limit: number): string {
  const parts = ['Success']
  if (skipped.length > 0) parts.push(`skipped ${skipped.length} input component(s): ${listed(skipped)}`)
  if (truncated) parts.push(`list truncated at limit ${limit}`)
  return parts.join('; ')
}

/** A package its source could not give: the purl it was asked by (without version), and the unit's last error. */
export interface NotLearned {
  purl: string
  reason: string
}

/** A walk's message with what became of its on-demand learning: how many are still pending, and which failed. */
export function learningSummary(message: string, pending: number, failed: readonly NotLearned[]): string {
  const parts = [message]
  if (pending > 0) parts.push(`${pending} component(s) ${BEING_FETCHED}`)
  if (failed.length > 0) {
    const named = failed.map(({ purl, reason }) => {
      const why = publicReason(reason)
      return why ? `${purl} (${why})` : purl
    })
    parts.push(`${failed.length} component(s) could not be learned from their source: ${listed(named)}`)
  }
  return parts.join('; ')
}

/** The first MAX_LISTED entries, each at most ENTRY_MAX characters, then how many more. */
function listed(entries: readonly string[]): string {
  const shown = entries
    .slice(0, MAX_LISTED)
    .map((s) => (s.length > ENTRY_MAX ? `${s.slice(0, ENTRY_MAX)}…` : s))
    .join('; ')
  return entries.length > MAX_LISTED ? `${shown}; and ${entries.length - MAX_LISTED} more` : shown
}
