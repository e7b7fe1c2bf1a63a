// Which `apt-get update` failures leave the archive usable: only Contents indexes missing (a mirror mid-sync serves
// them at the wrong size, as seen for trixie in November 2026; its stderr below with the host replaced).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { onlyContentsFailed } from './apt.ts'

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
  assert.equal(onlyContentsFailed(stderr), true)
})

test('a Packages or Sources index failing, or another error, does not', () => {
  const some = 'E: Some index files failed to download. They have been ignored, or old ones used instead.'
  assert.equal(onlyContentsFailed([failed('trixie/main/binary-amd64/Packages.xz'), some].join('\n')), false)
  assert.equal(
    onlyContentsFailed(
      [failed('trixie/main/Contents-all.gz'), failed('trixie/main/source/Sources.xz'), some].join('\n'),
    ),
    false,
  )
  assert.equal(onlyContentsFailed(`${failed('trixie/main/Contents-all.gz')}\nE: The repository is not signed.`), false)
  assert.equal(onlyContentsFailed(some), false)
  assert.equal(onlyContentsFailed(''), false)
})
