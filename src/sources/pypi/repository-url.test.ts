// The repository of a distribution: a labelled Project-URL first, else a home page that is a repository on a code
// host (idna 3.3's metadata names https://github.com/kjd/idna only as its Home-page), else none.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { repositoryUrl } from './repository-url.ts'

const urls = (o: Record<string, string>) => Object.entries(o).map(([label, url]) => ({ label, url }))

test('a labelled Project-URL wins over the home page', () => {
  assert.equal(
    repositoryUrl(urls({ Documentation: 'https://docs.invalid/x', Source: 'https://code.invalid/x' }), null),
    'https://code.invalid/x',
  )
  assert.equal(
    repositoryUrl(urls({ 'Source Code': 'https://github.com/pyca/cryptography/' }), 'https://cryptography.io'),
    'https://github.com/pyca/cryptography/',
  )
})

test("a home page that is a code host's repository is the repository; another home page is not", () => {
  assert.equal(repositoryUrl([], 'https://github.com/kjd/idna'), 'https://github.com/kjd/idna')
  assert.equal(repositoryUrl([], 'https://www.gitlab.com/owner/tool.git'), 'https://gitlab.com/owner/tool')
  assert.equal(repositoryUrl([], 'https://github.com/kjd'), null, 'an owner is no repository')
  assert.equal(repositoryUrl([], 'https://project.invalid/idna'), null)
  assert.equal(repositoryUrl([], 'kjd/idna'), null, 'npm shorthand is no home page')
  assert.equal(repositoryUrl([], null), null)
})
