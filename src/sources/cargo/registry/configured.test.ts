// The cargo source's registry: none without CARGO_INDEX_URL or Cargo's configuration (then Debian's packages are
// read), one client kept for the process when there is one, a configuration that cannot be read refused each time.
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, test } from 'node:test'
import { defaultIndexLimits } from '../../../config/registries.ts'
import { PermanentError } from '../../../ingest/failure.ts'
import { configuredRegistry } from './configured.ts'

const home = mkdtempSync(path.join(tmpdir(), 'ci-cargo-home-'))
process.env.CARGO_HOME = home
process.env.XDG_CACHE_HOME = home // the client's document cache, were it used
after(() => rmSync(home, { recursive: true, force: true }))

test('no index configured: none; CARGO_INDEX_URL: one client, kept', () => {
  assert.equal(configuredRegistry(defaultIndexLimits())(), undefined)
  const limits = { ...defaultIndexLimits(), indexUrl: 'sparse+http://127.0.0.1:9/index/' }
  const registry = configuredRegistry(limits)
  const client = registry()
  assert.ok(client)
  assert.equal(registry(), client)
})

test("Cargo's configuration that is not TOML: refused at each unit", () => {
  mkdirSync(home, { recursive: true })
  writeFileSync(path.join(home, 'config.toml'), '[source.crates-io\nreplace-with = ')
  const registry = configuredRegistry(defaultIndexLimits())
  assert.throws(() => registry(), PermanentError)
  assert.throws(() => registry(), PermanentError)
})
