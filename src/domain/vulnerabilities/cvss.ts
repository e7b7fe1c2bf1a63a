// CVSS vectors → scores and severity bands, computed with ae-cvss-calculator (CVSS 2.0, 3.0, 3.1 and 4.0).
import { createRequire } from 'node:module'
import type * as Calculator from 'ae-cvss-calculator'

// a CommonJS bundle whose named exports ESM cannot see
const { Cvss2, Cvss3P0, Cvss3P1, Cvss4P0 } = createRequire(import.meta.url)('ae-cvss-calculator') as typeof Calculator

export interface CvssEntry {
  vector: string
  score: number
  severity: 'None' | 'Low' | 'Medium' | 'High' | 'Critical'
}

/** The score of a vector, or undefined when it is not a CVSS vector this calculator understands. */
export function cvssEntry(vector: string): CvssEntry | undefined {
  const v = vector.trim()
  try {
    const calculator = v.startsWith('CVSS:4.0/')
      ? new Cvss4P0(v)
      : v.startsWith('CVSS:3.1/')
        ? new Cvss3P1(v)
        : v.startsWith('CVSS:3.0/')
          ? new Cvss3P0(v)
          : /^AV:[LAN]\//.test(v)
            ? new Cvss2(v)
            : undefined
    const score = calculator?.calculateScores().base
    if (typeof score !== 'number' || Number.isNaN(score)) return undefined
    return { vector: v, score, severity: band(score) }
  } catch {
    return undefined
  }
}

/** The qualitative band of a score (CVSS v3/v4 bands, used for v2 scores too, as the reference does). */
export function band(score: number): CvssEntry['severity'] {
  if (score === 0) return 'None'
  if (score < 4) return 'Low'
  if (score < 7) return 'Medium'
  if (score < 9) return 'High'
  return 'Critical'
}

/** A source's own severity word (e.g. MODERATE, HIGH) as one of the bands, when it is one. */
export function severityWord(word: string | null): CvssEntry['severity'] | undefined {
  const w = word?.trim().toUpperCase()
  if (!w) return undefined
  if (w === 'MODERATE' || w === 'MEDIUM') return 'Medium'
  if (w === 'LOW') return 'Low'
  if (w === 'HIGH') return 'High'
  if (w === 'CRITICAL') return 'Critical'
  if (w === 'NONE') return 'None'
  return undefined
}
