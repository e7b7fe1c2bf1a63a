// Tests license-file detection and SPDX matching on texts as they appear in packages, not the SPDX originals.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import { test } from 'node:test'
import { crc64xz } from '../../domain/folder-hash/crc64.ts'
import { isLicenseFile, licenseFilesAnalyzer } from './license-files.ts'
import { MATCH_THRESHOLD, matchLicense } from './license-match.ts'
import type { FileEntry } from './types.ts'

const spdx = createRequire(import.meta.url)('spdx-license-list/full') as Record<string, { licenseText: string }>
const spdxText = (id: string) => spdx[id]?.licenseText ?? assert.fail(id)

/** Re-wraps at 76 columns, the way license files in packages are usually laid out. */
const rewrap = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').replace(/(.{1,76})(\s|$)/g, '$1\n'))
    .join('\n')

const MIT = `The MIT License (MIT)

Copyright (c) 2014-2021 Sindre Sorhus <sindresorhus@gmail.com> (https://sindresorhus.com)

Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated
documentation files (the "Software"), to deal in the Software without restriction, including without limitation
the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software, and to
permit persons to whom the Software is furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all copies or substantial portions of
the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO
THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT,
TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
`

const ISC = `The ISC License

Copyright (c) Isaac Z. Schlueter and Contributors

Permission to use, copy, modify, and/or distribute this software for any
purpose with or without fee is hereby granted, provided that the above
copyright notice and this permission notice appear in all copies.

THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES
WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF
MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR
ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN
ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF OR
IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE.
`

const BSD_WARRANTY = `THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND
ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED
WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE FOR
ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES
(INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES;
LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND
ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT
(INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS
SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
`
const BSD_2 = `Copyright (c) 2012-2020, Kornel Lesiński
All rights reserved.

Redistribution and use in source and binary forms, with or without
modification, are permitted provided that the following conditions are met:

* Redistributions of source code must retain the above copyright notice, this
  list of conditions and the following disclaimer.

* Redistributions in binary form must reproduce the above copyright notice,
  this list of conditions and the following disclaimer in the documentation
  and/or other materials provided with the distribution.

${BSD_WARRANTY}`
const BSD_3 = BSD_2.replace(
  'distribution.\n',
  'distribution.\n\n* Neither the name of Feross Aboukhadijeh nor the names of its\n  contributors may be used to endorse or promote products derived from\n  this software without specific prior written permission.\n',
)

const APACHE = spdxText('Apache-2.0')
const APACHE_WITHOUT_APPENDIX = rewrap(APACHE.slice(0, APACHE.indexOf('END OF TERMS AND CONDITIONS') + 27))
const APACHE_HEADER = APACHE.slice(APACHE.indexOf('Copyright [yyyy]'))
const GPL3 = `${rewrap(spdxText('GPL-3.0-only'))}\n`
const README = `# fast-thing

Fast thing does things fast. Install it with \`npm install fast-thing\` and call it:

    const thing = require('fast-thing')
    thing({ speed: 'fast' })

## License

MIT © Somebody. Permission is granted to use it; see the LICENSE file. THE SOFTWARE IS PROVIDED "AS IS".
`

const matchCases: { name: string; text: string; want: string | null }[] = [
  { name: 'MIT as packages ship it', text: MIT, want: 'MIT' },
  { name: 'ISC with "the author" (npm style)', text: ISC, want: 'ISC' },
  { name: 'BSD-2-Clause with bullets', text: BSD_2, want: 'BSD-2-Clause' },
  { name: 'BSD-3-Clause naming the owner', text: BSD_3, want: 'BSD-3-Clause' },
  { name: 'Apache-2.0 full text', text: APACHE, want: 'Apache-2.0' },
  { name: 'Apache-2.0 without its appendix, re-wrapped', text: APACHE_WITHOUT_APPENDIX, want: 'Apache-2.0' },
  { name: 'GPL-3.0 full text, re-wrapped', text: GPL3, want: 'GPL-3.0-only' },
  { name: 'the Apache-2.0 boilerplate header alone is not enough', text: APACHE_HEADER, want: null },
  { name: 'a README is not a license', text: README, want: null },
  { name: 'an empty file', text: '', want: null },
  { name: 'a pointer to another file', text: 'See LICENSE-MIT and LICENSE-APACHE.\n', want: null },
]
for (const c of matchCases) {
  test(`match: ${c.name}`, () => {
    const m = matchLicense(c.text)
    assert.equal(m.spdxId, c.want, `score ${m.score}`)
    if (c.want) assert.ok(m.score >= MATCH_THRESHOLD)
    else assert.ok(m.score < MATCH_THRESHOLD)
  })
}

const nameCases: { path: string; want: boolean }[] = [
  ...[
    'LICENSE',
    'license',
    'LICENCE',
    'License.md',
    'LICENSE.txt',
    'LICENSE-MIT',
    'LICENSE_APACHE',
    'licenses.txt',
  ].map((path) => ({ path, want: true })),
  ...[
    'UNLICENSE',
    'COPYING',
    'COPYING.LESSER',
    'NOTICE',
    'NOTICE.md',
    'MIT-LICENSE',
    'mit.license',
    'BSD_LICENSE.txt',
  ].map((path) => ({ path, want: true })),
  ...['vendor/lib/LICENSE', 'LICENSES/MIT.txt', 'LICENSES/Apache-2.0.txt'].map((path) => ({ path, want: true })),
  ...['license.js', 'lib/licenses.json', 'license.svg', 'README.md', 'licensed.txt', 'src/licenses/check.ts'].map(
    (path) => ({ path, want: false }),
  ),
  ...['docs/licensing.md', 'notices.js', 'LICENSES/index.json', 'LICENSES/Apache-2.0'].map((path) => ({
    path,
    want: false,
  })),
]
for (const c of nameCases) test(`isLicenseFile(${c.path})`, () => assert.equal(isLicenseFile(c.path), c.want))

const entry = (path: string, text: string | undefined, size = text?.length ?? 10_000_000): FileEntry => ({
  path,
  size,
  md5: createHash('md5')
    .update(text ?? '')
    .digest('hex'),
  crc64: crc64xz(Buffer.from(text ?? '')),
  content: text === undefined ? undefined : Buffer.from(text),
})

test('license-files output: sorted, scores rounded, unmatched and unreadable files listed with null', () => {
  const run = licenseFilesAnalyzer.start()
  for (const e of [
    entry('README.md', README),
    entry('LICENSE', MIT),
    entry('index.js', 'module.exports = 1'),
    entry('NOTICE', 'This product includes software developed at Example Corp.\n'),
    entry('LICENSE-APACHE', APACHE),
    entry('vendor/COPYING', undefined),
    entry('LICENCE.bin', '\0\0\0binary'),
  ]) {
    run.file(e)
  }
  const out = run.finish()
  assert.deepEqual(
    out.licenses.map((l) => `${l.path} ${l.spdx_id}`),
    ['LICENCE.bin null', 'LICENSE MIT', 'LICENSE-APACHE Apache-2.0', 'NOTICE null', 'vendor/COPYING null'],
  )
  for (const l of out.licenses) assert.equal(l.score, Math.round(l.score * 1000) / 1000)
  assert.equal(out.licenses.find((l) => l.path === 'vendor/COPYING')?.score, 0)
})

test('license-files: a duplicated path keeps the last entry', () => {
  const run = licenseFilesAnalyzer.start()
  run.file(entry('LICENSE', MIT))
  run.file(entry('LICENSE', ISC))
  assert.deepEqual(
    run.finish().licenses.map((l) => l.spdx_id),
    ['ISC'],
  )
})
