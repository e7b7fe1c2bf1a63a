// What an answer says of a package its source could not give (docs/kb-growth.md "Waiting, and what an answer says"):
// the on-demand unit it waited for failed for good (refused — identity, size, integrity, format, … —, timed out, its
// retries ran out), now or less than ON_DEMAND_NEGATIVE_TTL ago. The reason is the unit's last error (what `compintel
// status` shows), made fit for any caller: URLs without their user info, query or fragment, absolute paths as their
// last part, control characters as spaces, at most REASON_MAX characters. A package its source does not have is a
// plain "not found": its answer keeps its message.
import { NOT_FOUND_ERROR, type UnitView } from '../kb/ingest-queue.ts'
import type { Outcome } from '../shared/outcome.ts'
import type { Learned } from './types.ts'

/** The longest reason an answer carries. */
export const REASON_MAX = 300

/** What became of a unit that ended: done, failed with its reason, or skipped (its source does not have the package). */
export function learnedOf(unit: Pick<UnitView, 'state' | 'lastError'>): Learned {
  if (unit.state === 'done') return { state: 'done' }
  if (unit.state !== 'failed' || unit.lastError === NOT_FOUND_ERROR) return { state: 'skipped' }
  return { state: 'failed', reason: unit.lastError ?? '' }
}

/** An outcome that says its component could not be learned from its source, and why; its code unchanged. */
export function notLearned(o: Outcome, reason: string): Outcome {
  const why = publicReason(reason)
  return { code: o.code, message: `${o.message}; it could not be learned from its source${why ? ` (${why})` : ''}` }
}

// a URL (scheme://…, not the punctuation after it), or an absolute path where a word starts
const URL_OR_PATH = /([a-z][a-z0-9+.-]*:\/\/(?:[^\s'"<>]*[^\s'"<>.,:;)\]])?)|(?<=^|[\s'"(=:,[])(\/[^\s'"<>()[\],;]*)/gi

/** A unit's last error as an answer may show it (above). */
export function publicReason(raw: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
  const plain = raw.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ').trim()
  const safe = plain.replace(URL_OR_PATH, (_, url: string | undefined, file: string | undefined) =>
    url !== undefined ? publicUrl(url) : lastPart(file ?? ''),
  )
  return safe.length > REASON_MAX ? `${safe.slice(0, REASON_MAX - 1)}…` : safe
}

/**
 * scheme://host/path: no user info, query or fragment; a URL cut short where the error was bounded (`…`) may have
 * lost its `@`, so nothing of it but its scheme is shown.
 */
function publicUrl(url: string): string {
  const m = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)([^?#]*)/i.exec(url)
  if (!m || url.includes('…')) return `${url.slice(0, url.indexOf('//') + 2)}…`
  const [, scheme, authority = '', path = ''] = m
  const host = authority.slice(authority.lastIndexOf('@') + 1)
  return host === '' ? `${scheme}${lastPart(path)}` : `${scheme}${host}${path.replace(/\/+$/, '')}`
}

/** An absolute path as `…/` and its last part. */
function lastPart(file: string): string {
  const parts = file.split('/').filter((p) => p !== '')
  return `…/${parts.at(-1) ?? ''}`
}
