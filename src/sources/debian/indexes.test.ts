// A Packages or Sources index whose stanzas name packages, versions or source packages Debian Policy does not allow
// (FIXTURE stanzas, made up): those stanzas are refused and reported, the others read as before. The Go import paths
// the Sources stanzas name (Go-Import-Path).
import assert from 'node:assert/strict'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { readGoImportPaths, readPackages, readSourceVersions } from './indexes.ts'

const stanza = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n')

function index(stanzas: Record<string, string>[]): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'compintel-index-')), 'Packages')
  writeFileSync(file, `${stanzas.map(stanza).join('\n\n')}\n`)
  return file
}

test('stanzas Debian Policy does not allow are refused and reported; the others are read', async () => {
  const file = index([
    { Package: 'libfx1', Version: '1:2.0-3+deb12u1', Source: 'fx (1:2.0-3+deb12u1)', Architecture: 'amd64' },
    { Package: 'libstdc++6', Version: '12.2.0-14', Source: 'gcc-12', Architecture: 'amd64' },
    { Package: '<img src=x>', Version: '1.0-1', Architecture: 'amd64' },
    { Package: 'LibFx', Version: '1.0-1', Architecture: 'amd64' },
    { Package: 'libfx2', Version: '1.0?a=b#c', Architecture: 'amd64' },
    { Package: 'libfx3', Version: 'a1.0-1', Architecture: 'amd64' },
    { Package: 'libfx4', Version: '1.0-1', Source: 'x?a=b (1.0-1)', Architecture: 'amd64' },
    { Package: 'libfx5', Version: '1.0-1', Source: 'fx (1.0-)', Architecture: 'amd64' },
  ])
  const refused: string[] = []
  const packages = await readPackages([{ suite: 'bookworm', kind: 'Packages', file, mirror: '' }], (why) =>
    refused.push(why),
  )
  assert.deepEqual([...packages.keys()], ['libfx1', 'libstdc++6'])
  assert.deepEqual(refused, [
    'package "<img src=x>" of "<img src=x>": not a Debian package name (Policy 5.6.1)',
    'package "LibFx" of "LibFx": not a Debian package name (Policy 5.6.1)',
    'version "1.0?a=b#c" of "libfx2": not a Debian version (Policy 5.6.12)',
    'version "a1.0-1" of "libfx3": not a Debian version (Policy 5.6.12)',
    'source "x?a=b" of "libfx4": not a Debian package name (Policy 5.6.1)',
    'source version "1.0-" of "libfx5": not a Debian version (Policy 5.6.12)',
  ])
  const sources = index([
    { Package: 'fx', Version: '1.0-1' },
    { Package: 'fx', Version: '1.0 -1' },
  ])
  assert.deepEqual(
    await readSourceVersions([{ suite: 'bookworm', kind: 'Sources', file: sources, mirror: '' }]),
    new Map([['fx', ['1.0-1']]]),
  )
})

test('Go-Import-Path of the Sources index: every path of the field, each with its source packages', async () => {
  // FIXTURE: the real bookworm Sources stanza of golang-github-chzyer-readline (its Go-Import-Path on two lines, a
  // trailing comma), then a made-up one naming what is no module path
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'compintel-index-')), 'Sources')
  writeFileSync(
    file,
    `Package: golang-github-chzyer-readline
Binary: golang-github-chzyer-readline-dev
Version: 1.4.39.g2972be2-3
Maintainer: Debian Go Packaging Team <team+pkg-go@tracker.debian.org>
Uploaders: Paul Tagliamonte <paultag@debian.org>,
Build-Depends: debhelper-compat (= 12), dh-golang, golang-any
Architecture: all
Standards-Version: 4.6.0
Format: 3.0 (quilt)
Homepage: https://github.com/chzyer/readline
Go-Import-Path: github.com/chzyer/readline,
                   gopkg.in/readline.v1,
Package-List: 
 golang-github-chzyer-readline-dev deb devel optional arch=all
Testsuite: autopkgtest-pkg-go
Directory: pool/main/g/golang-github-chzyer-readline
Priority: extra
Section: golang

Package: golang-fx
Version: 1.0-1
Go-Import-Path: ../../etc/passwd, github.com/fx/fx

Package: fx-tools
Version: 2.0-1
Go-Import-Path: github.com/fx/fx
`,
  )
  const refused: string[] = []
  const paths = await readGoImportPaths([{ suite: 'bookworm', kind: 'Sources', file, mirror: '' }], (why) =>
    refused.push(why),
  )
  assert.deepEqual(
    [...paths].map(([p, s]) => `${p} ${[...s].join(',')}`),
    [
      'github.com/chzyer/readline golang-github-chzyer-readline',
      'gopkg.in/readline.v1 golang-github-chzyer-readline',
      'github.com/fx/fx golang-fx,fx-tools',
    ],
  )
  assert.equal(refused.length, 1)
  assert.match(refused[0] as string, /^Go-Import-Path "\.\.\/\.\.\/etc\/passwd" of golang-fx: /)
})
