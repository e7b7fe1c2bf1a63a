// Fingerprints that only say "this file carries a license notice" (docs/scanning.md "License notices"): a file that
// starts with the MIT or Apache-2.0 notice shares those lines with every indexed file that does, so without this a
// scan of code nobody published matched some package on its notice alone (bench/scan-accuracy.ts found 39 of 100).
// Winnowing keeps only letters and digits, so a notice inside any comment syntax fingerprints like the license's
// own text: the texts of the licenses found in file headers (the SPDX License List, CC0-1.0) give every value their
// fingerprints can take, and those are left out of snippet matching.
import { createRequire } from 'node:module'
import { possibleFingerprints } from './winnowing.ts'

const HEADER_LICENSES = [
  '0BSD',
  'AGPL-3.0-only',
  'Apache-2.0',
  'Artistic-2.0',
  'BlueOak-1.0.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'BSL-1.0',
  'CC0-1.0',
  'EPL-2.0',
  'GPL-2.0-only',
  'GPL-3.0-only',
  'ISC',
  'LGPL-2.1-only',
  'LGPL-3.0-only',
  'MIT',
  'MPL-2.0',
  'Unlicense',
  'WTFPL',
  'Zlib',
]

let noise: Promise<Set<number>> | undefined

/**
 * The fingerprint values of the header licenses' texts (about 105,000), computed on first use: about 0.15 s in all,
 * one license per turn of the event loop, so no request waits behind more than one.
 */
export function licenseNoise(): Promise<Set<number>> {
  noise ??= (async () => {
    const full = createRequire(import.meta.url)('spdx-license-list/full') as Record<string, { licenseText: string }>
    const out = new Set<number>()
    for (const id of HEADER_LICENSES) {
      await new Promise((resolve) => setImmediate(resolve))
      const text = full[id]?.licenseText
      if (text) for (const h of possibleFingerprints(Buffer.from(text))) out.add(h)
    }
    return out
  })()
  return noise
}
