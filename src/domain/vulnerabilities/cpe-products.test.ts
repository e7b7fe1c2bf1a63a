// CPE products: version (field 5) and update (field 6) wildcarded, `\:` escapes respected, duplicates merged,
// versioned CPEs counted per product, strings that are not CPE 2.3 left out.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { cpeProduct, cpeProducts } from './cpe-products.ts'

test('a CPE becomes its product: version and update as *', () => {
  assert.deepEqual(cpeProduct('cpe:2.3:a:lodash:lodash:0.10.0:rc1:*:*:*:node.js:*:*'), {
    product: 'cpe:2.3:a:lodash:lodash:*:*:*:*:*:node.js:*:*',
    versioned: true,
  })
  assert.deepEqual(cpeProduct('cpe:2.3:a:x:y:*:*:*:*:*:*:*:*'), {
    product: 'cpe:2.3:a:x:y:*:*:*:*:*:*:*:*',
    versioned: false,
  })
  assert.equal(cpeProduct('cpe:2.3:a:x:y:-:*:*:*:*:*:*:*')?.versioned, false, 'NA is no version')
})

test('escaped colons are not separators', () => {
  assert.deepEqual(cpeProduct('cpe:2.3:a:v\\:x:p\\:q:1.0\\:2:u\\:1:*:*:*:*:*:*'), {
    product: 'cpe:2.3:a:v\\:x:p\\:q:*:*:*:*:*:*:*:*',
    versioned: true,
  })
  assert.equal(cpeProduct('cpe:2.3:a:v:x:p:q:1.0:*:*:*:*:*:*'), undefined, '14 fields')
})

test('products are distinct, counted by their distinct versioned CPEs, sorted; invalid strings reported', () => {
  const r = cpeProducts([
    'cpe:2.3:a:lodash:lodash:0.10.0:*:*:*:*:node.js:*:*',
    'cpe:2.3:a:lodash:lodash:1.0.0:*:*:*:*:node.js:*:*',
    'cpe:2.3:a:lodash:lodash:1.0.0:*:*:*:*:node.js:*:*',
    'cpe:2.3:a:lodash:lodash:*:*:*:*:*:node.js:*:*',
    'cpe:2.3:a:lodash:lodash:4.0:*:*:*:*:*:*:*',
    'cpe:2.3:a:x:y:*:*:*:*:*:**:*:*',
    'cpe:/a:old:uri',
  ])
  assert.deepEqual(r.products, [
    { cpe: 'cpe:2.3:a:lodash:lodash:*:*:*:*:*:*:*:*', versions: 1 },
    { cpe: 'cpe:2.3:a:lodash:lodash:*:*:*:*:*:node.js:*:*', versions: 2 },
  ])
  assert.deepEqual(r.invalid, ['cpe:/a:old:uri', 'cpe:2.3:a:x:y:*:*:*:*:*:**:*:*'])
})
