// Which `apt-get update` failures leave the archive usable: only Contents indexes missing (a mirror mid-sync serves
// them at the wrong size, as seen for trixie in November 2026; its stderr below with the host replaced). Then, over a
// local repository (the FIXTURE one, test/fixtures/debian/repo, plus a trixie suite of real trixie stanzas:
// test/fixtures/debian/trixie-librust) whose trixie Contents index is served at the wrong size: the other suite's
// Contents are kept, trixie's Packages read, and the next fetch gets trixie's Contents once they are right.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { AptArchive, failedContents } from './apt.ts'
import { parseIndexes } from './suite-indexes.ts'

const MIRROR = 'http://mirror.invalid/debian'
const failed = (file: string) =>
  `E: Failed to fetch ${MIRROR}/dists/${file}  File has unexpected size (9071 != 11736). Mirror sync in progress? [IP: 192.0.2.1 80]\n   Hashes of expected file:\n    - Filesize:11736 [weak]`

test('Contents indexes alone failing leave the archive usable', () => {
  const stderr = [
    'W: Download is performed unsandboxed as root',
    failed('trixie/main/Contents-all.gz'),
    failed('trixie-updates/main/Contents-amd64.gz'),
    'E: Some index files failed to download. They have been ignored, or old ones used instead.',
  ].join('\n')
  assert.deepEqual(failedContents(stderr), ['trixie', 'trixie-updates'])
})

test('a Packages or Sources index failing, or another error, does not', () => {
  const some = 'E: Some index files failed to download. They have been ignored, or old ones used instead.'
  assert.equal(failedContents([failed('trixie/main/binary-amd64/Packages.xz'), some].join('\n')), undefined)
  assert.equal(
    failedContents([failed('trixie/main/Contents-all.gz'), failed('trixie/main/source/Sources.xz'), some].join('\n')),
    undefined,
  )
  assert.equal(failedContents(`${failed('trixie/main/Contents-all.gz')}\nE: The repository is not signed.`), undefined)
  assert.equal(failedContents(some), undefined)
  assert.equal(failedContents(''), undefined)
})

const FIXTURES = fileURLToPath(new URL('../../../test/fixtures/debian/', import.meta.url))
/** md-5's manifest line, as the Contents-amd64 index writes it (the package is in the trixie FIXTURE stanzas). */
const MD5_LINE = 'usr/share/cargo/registry/md-5-0.10.6/Cargo.toml               rust/librust-md-5-dev\n'

/** The FIXTURE repository copied, with trixie suites whose Release states `contentsSize` for trixie's Contents. */
function repoWithTrixie(root: string, contentsSize?: number): string {
  const repo = path.join(root, 'repo')
  cpSync(path.join(FIXTURES, 'repo'), repo, { recursive: true })
  for (const dist of ['trixie', 'trixie-updates', 'trixie-security']) {
    const main = path.join(repo, 'dists', dist, 'main')
    mkdirSync(path.join(main, 'binary-amd64'), { recursive: true })
    const stanzas = dist === 'trixie' ? readFileSync(path.join(FIXTURES, 'trixie-librust', 'Packages')) : ''
    writeFileSync(path.join(main, 'binary-amd64', 'Packages'), stanzas)
    if (dist === 'trixie') writeFileSync(path.join(main, 'Contents-amd64'), MD5_LINE)
    const files =
      dist === 'trixie' ? ['main/Contents-amd64', 'main/binary-amd64/Packages'] : ['main/binary-amd64/Packages']
    const sums = files.map((f) => {
      const bytes = readFileSync(path.join(repo, 'dists', dist, f))
      const size =
        f.includes('Contents') && contentsSize !== undefined
          ? contentsSize
          : statSync(path.join(repo, 'dists', dist, f)).size
      return ` ${createHash('sha256').update(bytes).digest('hex')} ${size} ${f}`
    })
    const header = [`Origin: Debian`, `Suite: ${dist}`, `Codename: ${dist}`, 'Date: Sat, 21 Nov 2026 09:15:44 UTC']
    const tail = [
      'No-Support-for-Architecture-all: Packages',
      'Architectures: all amd64',
      'Components: main',
      'SHA256:',
    ]
    writeFileSync(path.join(repo, 'dists', dist, 'Release'), `${[...header, ...tail, ...sums].join('\n')}\n`)
  }
  return repo
}

const listed = (files: string[]) => files.map((f) => /_dists_(.*?)(?:\.[a-z0-9]+)?$/.exec(f)?.[1]).sort()

test('a suite whose Contents index fails: the other suites keep theirs, its Packages are read, its crates derived', async (t) => {
  const root = mkdtempSync(path.join(tmpdir(), 'apt-contents-'))
  t.after(() => rmSync(root, { recursive: true, force: true }))
  const dir = path.join(root, 'apt')
  const archiveOf = (repo: string) =>
    new AptArchive({
      dir,
      suites: ['bookworm', 'trixie'],
      mirrors: { archive: `file:${repo}`, security: `file:${repo}`, keyring: '' },
      trusted: true,
    })
  const archive = archiveOf(repoWithTrixie(path.join(root, 'a'), MD5_LINE.length + 100))
  await archive.update()
  assert.deepEqual(listed(archive.contentsFiles()), ['bookworm_main_Contents-all', 'bookworm_main_Contents-amd64'])
  assert.ok(archive.indexes().some((i) => i.suite === 'trixie' && i.kind === 'Packages'))
  const parsed = await parseIndexes(archive)
  assert.deepEqual(parsed.contentsMissing, ['trixie'])
  assert.ok(parsed.refused.some((r) => /^trixie: no Contents index/.test(r)))
  // trixie's crates from its Packages index; bookworm's from its Contents index
  const found = (crate: string) =>
    parsed.repackaged.find('cargo', crate).map((e) => `${e.package} ${e.version} ${e.from ?? 'Contents'}`)
  assert.deepEqual(found('md_5'), ['librust-md-5-dev 0.10.6 Packages'])
  assert.deepEqual(found('lazy_static'), [
    'librust-lazy-static-dev 1.4.0 Contents',
    'librust-lazy-static-dev 1.5.0 Packages',
  ])
  assert.deepEqual(found('itoa'), ['librust-itoa-dev 1.0.1 Contents'])
  // the mirror serves the index right again: the next fetch has it, and nothing is derived
  const fixed = archiveOf(repoWithTrixie(path.join(root, 'b')))
  await fixed.update()
  assert.deepEqual(listed(fixed.contentsFiles()), [
    'bookworm_main_Contents-all',
    'bookworm_main_Contents-amd64',
    'trixie_main_Contents-amd64',
  ])
  const again = await parseIndexes(fixed)
  assert.deepEqual(again.contentsMissing, [])
  assert.deepEqual(
    again.repackaged.find('cargo', 'md-5').map((e) => `${e.package} ${e.path} ${e.from ?? 'Contents'}`),
    ['librust-md-5-dev usr/share/cargo/registry/md-5-0.10.6/Cargo.toml Contents'],
  )
  assert.deepEqual(again.repackaged.find('cargo', 'oxrdfio'), [])
})
