// Platform-specific dependency keys of the Cargo book ("Platform specific dependencies") evaluated for
// x86_64-unknown-linux-gnu.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { DEFAULT_TARGET, targetApplies } from './cargo-cfg.ts'

const cases: [key: string, value: boolean | undefined][] = [
  ['cfg(windows)', false],
  ['cfg(unix)', true],
  ['cfg(target_arch = "x86")', false],
  ['cfg(target_arch = "x86_64")', true],
  ['cfg(not(target_arch = "x86"))', true],
  ['cfg(any(unix, target_os = "wasi"))', true],
  ['cfg(all(unix, target_pointer_width = "32"))', false],
  ['cfg(all(target_os = "linux", target_env = "gnu",))', true],
  ['cfg(any(target_os = "macos", target_os = "ios"))', false],
  ['cfg(target_family = "wasm")', false],
  ['cfg(any())', false],
  ['cfg(all())', true],
  ['x86_64-pc-windows-gnu', false],
  ['i686-unknown-linux-gnu', false],
  ['x86_64-unknown-linux-gnu', true],
  ['cfg(not(unix, windows))', undefined],
  ['cfg(unix', undefined],
  ['cfg(unix) extra', undefined],
  ['cfg(target_os = linux)', undefined],
  ['not a key', undefined],
]
for (const [key, value] of cases) test(`${key} → ${value}`, () => assert.equal(targetApplies(key), value))

test('the default target is x86_64 Linux with glibc', () => {
  assert.equal(DEFAULT_TARGET, 'x86_64-unknown-linux-gnu')
  assert.equal(targetApplies(DEFAULT_TARGET), true)
})

test('nesting is bounded', () => {
  assert.equal(targetApplies(`cfg(${'not('.repeat(40)}unix${')'.repeat(40)})`), undefined)
  assert.equal(targetApplies(`cfg(${'not('.repeat(4)}unix${')'.repeat(4)})`), true)
})
