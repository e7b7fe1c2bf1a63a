// Cargo.toml: registry dependencies as purl + Cargo requirement (bare versions caret), dev and build ones, targets, renames,
// the workspace's; path, git and workspace-inherited ones counted. The excerpt is ripgrep's manifest (its
// [dependencies], a target table and [dev-dependencies]); the whole FIXTURE manifest is read too; the rest is made up
// in Cargo's documented shapes.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { readCargoToml } from './cargo-toml.ts'

const rows = (text: string) =>
  readCargoToml(text).components.map((c) => [c.purl, c.requirement ?? '', c.dev] as [string, string, boolean])

test("ripgrep's dependencies: caret requirements, the path crates counted, a target table, dev ones", () => {
  const manifest = `[dependencies]
anyhow = "1.0.75"
grep = { version = "0.4.1", path = "crates/grep" }
textwrap = { version = "0.16.0", default-features = false }

[target.'cfg(all(target_env = "musl", target_pointer_width = "64"))'.dependencies.tikv-jemallocator]
version = "0.7.0"

[dev-dependencies]
walkdir = "2"
`
  assert.deepEqual(rows(manifest), [
    ['pkg:cargo/anyhow', '^1.0.75', false],
    ['pkg:cargo/textwrap', '^0.16.0', false],
    ['pkg:cargo/tikv-jemallocator', '^0.7.0', false],
    ['pkg:cargo/walkdir', '^2', true],
  ])
  assert.deepEqual(readCargoToml(manifest).skipped, { path: 1 })
})

test('exact, ranges, renames, build dependencies, git and the workspace', () => {
  const manifest = `[dependencies]
serde = "=1.0.228"
regex = ">= 1.10, < 1.12"
rand_core = { package = "rand_core", version = "~0.6" }
json = { package = "serde_json", version = "1" }
local = { workspace = true }
fork = { git = "https://index.example/fork.git", branch = "main" }

[build-dependencies]
cc = "1.0"

[workspace.dependencies]
memchr = "2.7.4"
`
  // build dependencies are dev, as the KB reads a crate's (docs/dependencies.md): run to build it, never linked into it
  assert.deepEqual(rows(manifest), [
    ['pkg:cargo/cc', '^1.0', true],
    ['pkg:cargo/memchr', '^2.7.4', false],
    ['pkg:cargo/rand_core', '~0.6', false],
    ['pkg:cargo/regex', '>= 1.10, < 1.12', false],
    ['pkg:cargo/serde@1.0.228', '', false],
    ['pkg:cargo/serde_json', '^1', false],
  ])
  assert.deepEqual(readCargoToml(manifest).skipped, { workspace: 1, git: 1 })
})

test('the real manifest of ripgrep: 11 registry crates (3 of them dev), its 3 own crates by path', () => {
  const text = readFileSync(new URL('../../../../test/fixtures/lockfiles/ripgrep/Cargo.toml', import.meta.url), 'utf8')
  const read = readCargoToml(text)
  assert.deepEqual([read.components.length, read.components.filter((c) => c.dev).length], [11, 3])
  assert.deepEqual(read.skipped, { path: 3 })
})
