// npm alias dependencies ("npm:<name>@<range>") are followed to the package they really install.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { aliasTarget } from './ingest-package.ts'

test('aliasTarget: the real package behind an npm: alias, nothing for an ordinary range', () => {
  const cases: [string, string | undefined][] = [
    ['npm:react-is@^18.0.0', 'react-is'],
    ['npm:@scope/pkg@1.2.3', '@scope/pkg'],
    ['npm:string-width', 'string-width'],
    [' npm:wrap-ansi@^7 ', 'wrap-ansi'],
    ['^1.0.0', undefined],
    ['git+https://example.invalid/x.git', undefined],
    ['npm:', undefined],
  ]
  for (const [requirement, expected] of cases) assert.equal(aliasTarget(requirement), expected, requirement)
})
