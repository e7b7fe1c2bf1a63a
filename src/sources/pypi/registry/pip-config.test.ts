import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { inspect } from 'node:util'
import { jsonApiBase, pipConfigFiles, pypiIndexFromEnv } from './pip-config.ts'

const HOME = '/home/u'
const files = (map: Record<string, string>) => (p: string) => map[p]
const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`

describe('pypiIndexFromEnv', () => {
  test('nothing configured: undefined (the source uses Debian only)', () => {
    assert.equal(pypiIndexFromEnv({ HOME }, files({})), undefined)
  })

  test("pip's files in its order: global, legacy user, user; [install] over [global]", () => {
    const map = {
      '/etc/pip.conf': '[global]\nindex-url = https://global.example/simple\n',
      '/home/u/.pip/pip.conf': '[global]\nindex_url = https://legacy.example/simple\n',
      '/home/u/.config/pip/pip.conf':
        '[global]\nindex-url = https://user.example/simple\nextra-index-url =\n  https://a.example/simple\n  https://b.example/simple\n',
    }
    const c = pypiIndexFromEnv({ HOME }, files(map))
    assert.equal(c?.index.url, 'https://user.example/simple/')
    assert.deepEqual(
      c?.extra.map((e) => e.url),
      ['https://a.example/simple/', 'https://b.example/simple/'],
    )
    // a local folder or file: URL among the extra indexes (pip reads them) is left out, not an error
    const local = {
      '/home/u/.config/pip/pip.conf':
        '[global]\nindex-url = https://user.example/simple\nextra-index-url = file:///srv/wheels https://a.example/simple\n',
    }
    assert.deepEqual(
      pypiIndexFromEnv({ HOME }, files(local))?.extra.map((e) => e.url),
      ['https://a.example/simple/'],
    )
    const install = { ...map, '/home/u/.config/pip/pip.conf': '[install]\nindex-url: https://install.example/s/\n' }
    assert.equal(pypiIndexFromEnv({ HOME }, files(install))?.index.url, 'https://install.example/s/')
    assert.equal(
      pypiIndexFromEnv(
        { HOME, XDG_CONFIG_HOME: '/x' },
        files({ ...map, '/x/pip/pip.conf': '[global]\nindex-url=https://xdg.example/simple' }),
      )?.index.url,
      'https://xdg.example/simple/',
    )
  })

  test('PIP_CONFIG_FILE is read last and, when it exists, the user files are not read', () => {
    const map = {
      '/home/u/.config/pip/pip.conf': '[global]\nextra-index-url = https://user-extra.example/simple\n',
      '/ci/pip.conf': '[global]\nindex-url = https://ci.example/simple\n',
    }
    const c = pypiIndexFromEnv({ HOME, PIP_CONFIG_FILE: '/ci/pip.conf' }, files(map))
    assert.equal(c?.index.url, 'https://ci.example/simple/')
    assert.deepEqual(c?.extra, [])
    assert.deepEqual(pipConfigFiles({ HOME, PIP_CONFIG_FILE: '/ci/pip.conf' }, files(map)).slice(-1), ['/ci/pip.conf'])
    assert.deepEqual(pipConfigFiles({ HOME, PIP_CONFIG_FILE: '/dev/null' }, files(map)), [])
  })

  test('PIP_INDEX_URL over the files, PYPI_INDEX_URL over everything; PIP_NO_INDEX turns it off', () => {
    const map = { '/etc/pip.conf': '[global]\nindex-url = https://file.example/simple\n' }
    const env = {
      HOME,
      PIP_INDEX_URL: 'https://env.example/simple/',
      PIP_EXTRA_INDEX_URL: 'https://e1.example/s https://e2.example/s',
    }
    assert.equal(pypiIndexFromEnv(env, files(map))?.index.from, 'PIP_INDEX_URL')
    assert.equal(pypiIndexFromEnv(env, files(map))?.extra.length, 2)
    assert.equal(
      pypiIndexFromEnv(env, files(map), 'https://setting.example/simple')?.index.url,
      'https://setting.example/simple/',
    )
    assert.equal(pypiIndexFromEnv({ ...env, PIP_NO_INDEX: 'true' }, files(map)), undefined)
  })

  test("credentials: the URL's user info (percent-decoded, then removed), else netrc for the host; never printed", () => {
    const c = pypiIndexFromEnv({ HOME, PIP_INDEX_URL: 'https://me:p%40ss@private.example/simple' }, files({}))
    assert.equal(c?.index.url, 'https://private.example/simple/')
    assert.equal(c?.index.credential?.header(), basic('me', 'p@ss'))
    const netrc =
      'machine other.example login x password y\nmachine private.example\n  login bot\n  password "s e"\ndefault login d password d\n'
    const n = pypiIndexFromEnv(
      { HOME, PIP_INDEX_URL: 'https://private.example:8443/simple' },
      files({ '/home/u/.netrc': netrc }),
    )
    assert.equal(n?.index.credential?.header(), basic('bot', 's e'))
    const printed = `${JSON.stringify(c)} ${inspect(c, { depth: 5 })} ${String(c?.index.credential)}`
    assert.ok(!printed.includes('p@ss') && !printed.includes(basic('me', 'p@ss').slice(6)), printed)
  })

  test('a bad URL or another scheme is a clear error naming where it was configured', () => {
    assert.throws(() => pypiIndexFromEnv({ HOME, PIP_INDEX_URL: 'not a url' }, files({})), /PIP_INDEX_URL/)
    assert.throws(
      () => pypiIndexFromEnv({ HOME }, files({ '/etc/pip.conf': '[global]\nindex-url = file:///srv/simple\n' })),
      /\/etc\/pip\.conf \[global\]: only http\(s\)/,
    )
    assert.throws(() => pypiIndexFromEnv({ HOME }, files({ '/etc/pip.conf': 'index-url = x\n' })), /line 1/)
  })
})

test('the JSON API sits beside the Simple API: the index URL without its last simple segment', () => {
  assert.equal(
    jsonApiBase('https://mirror.example/repository/pypi-proxy/simple/'),
    'https://mirror.example/repository/pypi-proxy/',
  )
  assert.equal(jsonApiBase('https://mirror.example/root/pypi/+simple/'), 'https://mirror.example/root/pypi/')
  assert.equal(jsonApiBase('https://mirror.example/simple/'), 'https://mirror.example/')
  assert.equal(jsonApiBase('https://mirror.example/packages/'), undefined)
})
