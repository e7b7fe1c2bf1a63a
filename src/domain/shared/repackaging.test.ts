// A distribution's repackaging of an upstream package, recognized from the two places alone (FIXTURE places).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { isDistribution, purlType, repackagedPlaces, repackages } from './repackaging.ts'

const deb = { purl: 'pkg:deb/debian/node-mime-types', path: 'usr/share/nodejs/mime-types/index.js' }
const npm = { purl: 'pkg:npm/mime-types', path: 'index.js' }

test('distribution purl types', () => {
  assert.equal(purlType('pkg:deb/debian/openssl'), 'deb')
  for (const p of ['pkg:deb/debian/openssl', 'pkg:rpm/fedora/curl', 'pkg:apk/alpine/musl', 'pkg:alpm/arch/pacman'])
    assert.equal(isDistribution(p), true, p)
  for (const p of ['pkg:npm/mime-types', 'pkg:pypi/requests', 'pkg:github/scanoss/engine'])
    assert.equal(isDistribution(p), false, p)
})

test("Debian's node-mime-types repackages npm's mime-types, never the other way round", () => {
  assert.equal(repackages(deb, npm), true)
  assert.equal(repackages(npm, deb), false)
})

test('the upstream package name must lead the upstream path', () => {
  assert.equal(repackages(deb, { purl: 'pkg:npm/other', path: 'index.js' }), false)
  assert.equal(repackages({ purl: 'pkg:deb/debian/x', path: 'usr/share/nodejs/xmime-types/index.js' }, npm), false)
  const scoped = { purl: 'pkg:npm/%40types/mime-types', path: 'index.d.ts' }
  assert.equal(repackages({ purl: deb.purl, path: 'usr/share/nodejs/@types/mime-types/index.d.ts' }, scoped), true)
})

test('two distributions or two upstreams repackage nothing', () => {
  assert.equal(repackages(deb, { purl: 'pkg:deb/debian/mime-types', path: 'index.js' }), false)
  assert.equal(repackages({ purl: 'pkg:npm/x', path: 'a/mime-types/index.js' }, npm), false)
})

test('repackagedPlaces finds the same places as repackages, pair by pair', () => {
  const other = { purl: 'pkg:deb/debian/node-other', path: 'usr/share/nodejs/other/index.js' }
  const atRoot = { purl: 'pkg:deb/debian/odd', path: 'mime-types/index.js' }
  const places = [deb, npm, other, atRoot]
  const pairwise = places.filter((p) => places.some((u) => repackages(p, u)))
  assert.deepEqual([...repackagedPlaces(places)], pairwise)
  assert.deepEqual(pairwise, [deb, atRoot])
  assert.equal(repackagedPlaces([deb, other]).size, 0)
})

test("Debian's python3-url-normalize repackages the distribution url-normalize: its files under dist-packages", () => {
  const wheel = { purl: 'pkg:pypi/url-normalize', path: 'url_normalize/tools.py' }
  const shipped = {
    purl: 'pkg:deb/debian/python3-url-normalize',
    path: 'usr/lib/python3/dist-packages/url_normalize/tools.py',
  }
  assert.equal(repackages(shipped, wheel), true)
  assert.equal(repackages(wheel, shipped), false)
  const elsewhere = { purl: shipped.purl, path: 'usr/share/doc/url_normalize/tools.py' }
  assert.equal(repackages(elsewhere, wheel), false)
  assert.deepEqual([...repackagedPlaces([shipped, wheel, elsewhere])], [shipped])
})

test("Debian's librust-itoa-dev repackages the crate itoa: its folder is named with the crate's version", () => {
  const crate = { purl: 'pkg:cargo/itoa', path: 'src/lib.rs' }
  const shipped = { purl: 'pkg:deb/debian/librust-itoa-dev', path: 'usr/share/cargo/registry/itoa-1.0.1/src/lib.rs' }
  assert.equal(repackages(shipped, crate), true)
  assert.equal(repackages(crate, shipped), false)
  const other = { purl: 'pkg:deb/debian/librust-itoa-dev', path: 'usr/share/cargo/registry/itoax-1.0.1/src/lib.rs' }
  assert.equal(repackages(other, crate), false)
  assert.equal(repackages({ ...shipped, path: 'usr/share/cargo/registry/itoa-1.0/src/lib.rs' }, crate), false)
  assert.deepEqual([...repackagedPlaces([shipped, crate, other])], [shipped])
})
