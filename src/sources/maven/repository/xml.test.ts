import assert from 'node:assert/strict'
import { test } from 'node:test'
import { child, children, parseXml, textOf } from './xml.ts'

test('elements as text and children; the five predefined entities decoded', () => {
  const doc = parseXml('<?xml version="1.0"?><a><b>x &amp; y</b><c/><d><e>1</e><e>2</e></d></a>', 'doc')
  assert.ok(!(doc instanceof Error))
  const a = doc.a
  assert.equal(textOf(a as never, 'b'), 'x & y')
  assert.equal(textOf(a as never, 'c'), undefined)
  assert.deepEqual(children(child(a, 'd'), 'e'), ['1', '2'])
})

test('a DTD, an entity, malformed or too deeply nested XML is refused with a reason', () => {
  const bomb = '<!DOCTYPE a [<!ENTITY x "xxxxxxxx"><!ENTITY y "&x;&x;&x;&x;">]><a>&y;</a>'
  assert.match(String(parseXml(bomb, 'doc')), /declares a document type/)
  assert.match(String(parseXml('<a><b>open</a>', 'doc')), /not well-formed/)
  const deep = `${'<a>'.repeat(20_000)}${'</a>'.repeat(20_000)}`
  assert.ok(parseXml(deep, 'doc') instanceof Error)
})
