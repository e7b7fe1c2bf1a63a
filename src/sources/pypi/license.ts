// A distribution's declared license from its core metadata (metadata.ts), in the order the specification ranks them:
// License-Expression (metadata 2.4, an SPDX expression), else the License field when it is SPDX (its first line: many
// projects paste the whole license text there), else the `License ::` trove classifiers mapped to SPDX (several join
// with OR: a project lists the licenses one may choose), else the License field's name corrected to SPDX, or kept as
// written (a LicenseRef-).

import parse from 'spdx-expression-parse'
import type { VersionFacts } from '../../domain/kb/types.ts'
import { licenseRef, normaliseDeclaredLicense } from '../../ingest/analyzers/declared-license.ts'
import type { CoreMetadata } from './metadata.ts'

/**
 * The trove classifiers (PyPI's list of trove classifiers, `License ::`) that name one license, as SPDX ids. Those naming a
 * family (`BSD License`, `GNU General Public License (GPL)` without a version) or none (`Other/Proprietary License`,
 * `OSI Approved`) are not mapped.
 */
const CLASSIFIERS: Record<string, string> = {
  'OSI Approved :: MIT License': 'MIT',
  'OSI Approved :: MIT No Attribution License (MIT-0)': 'MIT-0',
  'OSI Approved :: Apache Software License': 'Apache-2.0',
  'OSI Approved :: ISC License (ISCL)': 'ISC',
  'OSI Approved :: Python Software Foundation License': 'PSF-2.0',
  'OSI Approved :: Mozilla Public License 1.1 (MPL 1.1)': 'MPL-1.1',
  'OSI Approved :: Mozilla Public License 2.0 (MPL 2.0)': 'MPL-2.0',
  'OSI Approved :: GNU General Public License v2 (GPLv2)': 'GPL-2.0-only',
  'OSI Approved :: GNU General Public License v2 or later (GPLv2+)': 'GPL-2.0-or-later',
  'OSI Approved :: GNU General Public License v3 (GPLv3)': 'GPL-3.0-only',
  'OSI Approved :: GNU General Public License v3 or later (GPLv3+)': 'GPL-3.0-or-later',
  'OSI Approved :: GNU Lesser General Public License v2 (LGPLv2)': 'LGPL-2.0-only',
  'OSI Approved :: GNU Lesser General Public License v2 or later (LGPLv2+)': 'LGPL-2.0-or-later',
  'OSI Approved :: GNU Lesser General Public License v3 (LGPLv3)': 'LGPL-3.0-only',
  'OSI Approved :: GNU Lesser General Public License v3 or later (LGPLv3+)': 'LGPL-3.0-or-later',
  'OSI Approved :: GNU Affero General Public License v3': 'AGPL-3.0-only',
  'OSI Approved :: GNU Affero General Public License v3 or later (AGPLv3+)': 'AGPL-3.0-or-later',
  'OSI Approved :: Eclipse Public License 1.0 (EPL-1.0)': 'EPL-1.0',
  'OSI Approved :: Eclipse Public License 2.0 (EPL-2.0)': 'EPL-2.0',
  'OSI Approved :: Boost Software License 1.0 (BSL-1.0)': 'BSL-1.0',
  'OSI Approved :: The Unlicense (Unlicense)': 'Unlicense',
  'OSI Approved :: zlib/libpng License': 'Zlib',
  'OSI Approved :: Academic Free License (AFL)': 'AFL-3.0',
  'OSI Approved :: Artistic License': 'Artistic-2.0',
  'OSI Approved :: European Union Public Licence 1.2 (EUPL 1.2)': 'EUPL-1.2',
  'OSI Approved :: Universal Permissive License (UPL)': 'UPL-1.0',
  'CC0 1.0 Universal (CC0 1.0) Public Domain Dedication': 'CC0-1.0',
}

type Declared = NonNullable<VersionFacts['license']>

/**
 * The declared license and the field it was read from; null when the metadata names none. The License field is free
 * text (often the whole license): taken as SPDX when it parses so; else the classifiers come first, and only a short
 * name (`BSD 3-Clause License`, `Apache 2.0`: at most five words, no copyright line) is corrected to SPDX, since
 * spdx-correct turns any text into some license (a copyright line into MPL-2.0).
 */
export function declaredLicense(m: CoreMetadata): { license: Declared; field: string } | null {
  if (m.licenseExpression)
    return { license: normaliseDeclaredLicense(m.licenseExpression), field: 'License-Expression' }
  const firstLine = (m.license.split('\n')[0] ?? '').trim()
  if (firstLine && isSpdx(firstLine)) return { license: normaliseDeclaredLicense(firstLine), field: 'License' }
  const ids = [...new Set(m.classifiers.flatMap((c) => CLASSIFIERS[c.replace(/^License ::\s*/, '')] ?? []))]
  if (ids.length > 0) return { license: normaliseDeclaredLicense(ids.join(' OR ')), field: 'Classifier' }
  if (!firstLine) return null
  const short = firstLine.split(/\s+/).length <= 5 && !/copyright|rights/i.test(firstLine)
  return { license: short ? normaliseDeclaredLicense(firstLine) : licenseRef(firstLine), field: 'License' }
}

function isSpdx(text: string): boolean {
  try {
    parse(text)
    return true
  } catch {
    return false
  }
}
