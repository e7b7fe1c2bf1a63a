// Ruleset release names: `latest` or v<MAJOR>.<MINOR>.<PATCH> (docs/api-behaviour.md "Ruleset download"), without
// leading zeros.

const RELEASE = /^v(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})$/

/** `latest` or a release name, as a JSON-Schema pattern (the download route's path parameter). */
export const RELEASE_OR_LATEST = `^(latest|${RELEASE.source.slice(1, -1)})$`

export function isReleaseVersion(s: string): boolean {
  return RELEASE.test(s)
}

/** A request's version: `latest`, a release name, or undefined when it is neither (HTTP 400). */
export function parseRequestedVersion(s: string): string | undefined {
  return s === 'latest' || isReleaseVersion(s) ? s : undefined
}

/** Orders release names numerically (v1.10.0 after v1.9.0). Both must be release names. */
export function compareReleases(a: string, b: string): number {
  const pa = parts(a)
  const pb = parts(b)
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return (pa[i] as number) - (pb[i] as number)
  return 0
}

function parts(v: string): number[] {
  const m = RELEASE.exec(v)
  if (!m) throw new Error(`not a release version: ${v}`)
  return [Number(m[1]), Number(m[2]), Number(m[3])]
}
