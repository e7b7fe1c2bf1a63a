// The shipped emitted-helper texts (data/emitted-helpers): every tool's, split on their label lines.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { readEmittedHelpers } from './emitted-helpers.ts'

test("every tool's helpers are read, without their label lines", async () => {
  const texts = await readEmittedHelpers()
  const helpers = [
    'var __awaiter = (this && this.__awaiter)', // tsc
    'export function __awaiter(', // tslib
    'var __toESM = ', // esbuild
    'function _interopRequireDefault(', // Babel
    'var _ = { label: 0, sent: function() {', // tsc before 5.x: another __generator
  ]
  for (const helper of helpers)
    assert.ok(
      texts.some((t) => t.includes(helper)),
      helper,
    )
  assert.ok(texts.every((t) => !t.startsWith('//@ ') && !t.includes('\n//@ ')))
})
