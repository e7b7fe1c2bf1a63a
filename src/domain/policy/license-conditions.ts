// The license conditions of a policy over an expression's choices (spdx-choices.ts): a denial fires when no choice
// avoids every denied license, an allow-list when no choice is made of allowed licenses only, a copyleft class when
// no choice avoids the listed classes. `MIT OR GPL-3.0-only` passes a denial of GPL-3.0-only (MIT is a choice);
// `MIT AND GPL-3.0-only` fails it. An expression that is not SPDX cannot be shown to pass, so every condition fires.
import { type Choice, type LicenseTerm, licenseChoices, normalId, termNames } from './spdx-choices.ts'

/** Why the condition fires, or undefined when it does not. */
export type Finding = string | undefined

const listed = (term: LicenseTerm, names: ReadonlySet<string>) => termNames(term).some((n) => names.has(n))

/** A policy's list of SPDX ids (or `id WITH exception`), read as the choices are. */
export function licenseList(ids: readonly string[]): Set<string> {
  return new Set(
    ids.map((id) => {
      const [license, exception] = id.split(/\s+WITH\s+/i) as [string, string | undefined]
      return exception ? `${normalId(license.trim())} WITH ${exception.trim()}` : normalId(license.trim())
    }),
  )
}

export function licenseDenied(expression: string | null, denied: ReadonlySet<string>): Finding {
  if (expression === null) return undefined
  const choices = licenseChoices(expression)
  if (!choices) return `license "${expression}" is not an SPDX expression`
  if (choices.some((c) => !c.some((t) => listed(t, denied)))) return undefined
  return `license ${expression}: every choice includes a denied license (${namesIn(choices, (t) => listed(t, denied))})`
}

export function licenseNotAllowed(expression: string | null, allowed: ReadonlySet<string>): Finding {
  if (expression === null) return 'no license is known'
  const choices = licenseChoices(expression)
  if (!choices) return `license "${expression}" is not an SPDX expression`
  if (choices.some((c) => c.every((t) => listed(t, allowed)))) return undefined
  return `license ${expression}: no choice is made of allowed licenses only (${namesIn(choices, (t) => !listed(t, allowed))} not allowed)`
}

/** `classOf` gives a license's OSADL copyleft class (undefined when OSADL does not classify it). */
export function copyleftIn(
  expression: string | null,
  classes: ReadonlySet<string>,
  classOf: (license: string) => string | undefined,
): Finding {
  if (expression === null) return undefined
  const choices = licenseChoices(expression)
  if (!choices) return `license "${expression}" is not an SPDX expression`
  const hit = (t: LicenseTerm) => classes.has(classOf(t.license) ?? '')
  if (choices.some((c) => !c.some(hit))) return undefined
  const named = [
    ...new Set(
      choices
        .flat()
        .filter(hit)
        .map((t) => `${t.license}: ${classOf(t.license)}`),
    ),
  ]
  return `license ${expression}: every choice includes a copyleft license (${named.join(', ')})`
}

function namesIn(choices: Choice[], pick: (t: LicenseTerm) => boolean): string {
  return [
    ...new Set(
      choices
        .flat()
        .filter(pick)
        .map((t) => termNames(t)[0] as string),
    ),
  ].join(', ')
}
