// PyPI distributions and crates through the surfaces every ecosystem shares: the component search (a name in any
// spelling PEP 503 or Cargo treats as the same, the `package` filter), the API calls the explorer's component page
// makes, the explorer itself in headless Chromium (the search's ecosystem filter, the component page's versions,
// licenses and dependencies), and the folder-hash scan identifying a crate's folder as that crate. The KB holds real
// crates and distributions read from Debian's FIXTURE repository (test/fixtures/debian/repo, README there: either,
// lazy_static, six, url-normalize, idna, their files walked) beside the FIXTURE KB of test/helpers/kb-fixture-python-rust.ts
// (requests, serde_json and what they depend on).
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { type Browser, chromium } from 'playwright-core'
import type { UnitOptions } from '../src/domain/kb/ingest-queue.ts'
import { unitRunners } from '../src/jobs/unit-runner.ts'
import type { TestApp } from './helpers/app.ts'
import { CHROMIUM_FLAGS, chromiumSkip, executablePath } from './helpers/chromium.ts'
import { post } from './helpers/debian-kb.ts'
import { DEBIAN_FIXTURE_REPO, debianRepoApp } from './helpers/debian-repo-app.ts'
import { hfhRequestFor, scanHfh } from './helpers/hfh-scan.ts'
import { loadPythonRustFixtureKb } from './helpers/kb-fixture-python-rust.ts'

const ALL: UnitOptions = { versions: 'all', analyze: 'all', withDependencies: false }
const KNOWN: UnitOptions = { ...ALL, analyze: 'none', phase: 'known' }
const ANALYSIS: UnitOptions = { ...ALL, phase: 'analysis' }

let t: TestApp
before(async () => {
  t = await debianRepoApp({ env: { AUTH: 'none' } })
  await loadPythonRustFixtureKb(t.storage)
  const { cargo, pypi } = unitRunners(t.storage, t.config.growth)
  assert.ok(cargo && pypi)
  for (const name of ['either', 'lazy_static']) await cargo({ name, options: ALL })
  for (const name of ['six', 'url-normalize']) {
    await pypi({ name, options: KNOWN })
    await pypi({ name, options: ANALYSIS })
  }
})
after(() => t.close())

async function get<T>(url: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url, headers: { 'x-api-key': t.keys.full } })
  assert.equal(res.statusCode, 200, res.body)
  return res.json() as T
}

const search = async (query: Record<string, string>) =>
  (
    await get<{ components: { name: string; purl: string }[] }>(`/v2/components/search?${new URLSearchParams(query)}`)
  ).components.map((h) => `${h.name} ${h.purl}`)

describe('the component search', () => {
  test('a crate by its name with `-` or `_`, in any case; exact names first', async () => {
    for (const term of ['lazy_static', 'Lazy-Static', 'LAZY static'])
      assert.equal((await search({ search: term }))[0], 'lazy_static pkg:cargo/lazy_static', term)
    assert.deepEqual(await search({ search: 'serde-json' }), ['serde_json pkg:cargo/serde_json'])
    const serde = await search({ search: 'serde' })
    assert.equal(serde[0], 'serde pkg:cargo/serde')
    assert.deepEqual(serde.slice(1).sort(), ['serde_derive pkg:cargo/serde_derive', 'serde_json pkg:cargo/serde_json'])
  })

  test('a distribution by any PEP 503 spelling of its name', async () => {
    for (const term of ['url-normalize', 'URL_Normalize', 'url.normalize'])
      assert.equal((await search({ search: term }))[0], 'url-normalize pkg:pypi/url-normalize', term)
    assert.equal((await search({ search: 'Charset_Normalizer' }))[0], 'charset-normalizer pkg:pypi/charset-normalizer')
  })

  test('the package filter keeps one ecosystem', async () => {
    assert.deepEqual((await search({ search: 'serde', package: 'cargo' })).sort(), [
      'serde pkg:cargo/serde',
      'serde_derive pkg:cargo/serde_derive',
      'serde_json pkg:cargo/serde_json',
    ])
    assert.deepEqual(await search({ search: 'serde', package: 'pypi' }), [])
    assert.deepEqual(await search({ search: 'six', package: 'pypi' }), ['six pkg:pypi/six'])
    assert.deepEqual(await search({ search: 'six', package: 'cargo' }), [])
  })
})

describe("the component page's API calls", () => {
  interface Versions {
    component: { name: string; purl: string; versions: { version: string }[] }
  }
  test('versions of a crate and a distribution asked in another spelling of their names', async () => {
    const crate = await get<Versions>(`/v2/components/versions?purl=${encodeURIComponent('pkg:cargo/Lazy-Static')}`)
    assert.deepEqual(
      [crate.component.purl, crate.component.versions.map((v) => v.version)],
      ['pkg:cargo/lazy_static', ['1.4.0']],
    )
    const dist = await get<Versions>(`/v2/components/versions?purl=${encodeURIComponent('pkg:pypi/URL_Normalize')}`)
    assert.deepEqual(
      [dist.component.purl, dist.component.versions.map((v) => v.version)],
      ['pkg:pypi/url-normalize', ['1.4.3']],
    )
  })

  test('licenses, and transitive dependencies resolved in the KB', async () => {
    const [either, urlNormalize] = await post(t, '/v2/licenses/components', [
      { purl: 'pkg:cargo/either', requirement: '1.6.1' },
      { purl: 'pkg:pypi/url-normalize', requirement: '1.4.3' },
    ])
    assert.deepEqual(
      [either?.statement, urlNormalize?.statement],
      ['(MIT OR Apache-2.0)', 'MIT'], // `MIT/Apache-2.0` in its Cargo.toml, in the KB's canonical form
      JSON.stringify([either, urlNormalize]),
    )
    const walk = async (purl: string, requirement: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v2/dependencies/transitive/components',
        headers: { 'x-api-key': t.keys.full },
        payload: { components: [{ purl, requirement }], limit: 500 },
      })
      assert.equal(res.statusCode, 200, res.body)
      const deps = (res.json() as { dependencies: { purl: string; version: string }[] }).dependencies
      return deps.map((d) => `${d.purl}@${d.version}`).sort()
    }
    assert.deepEqual(await walk('pkg:pypi/url-normalize', '1.4.3'), ['pkg:pypi/six@1.16.0'])
    assert.deepEqual(await walk('pkg:cargo/serde_json', '1.0.108'), [
      'pkg:cargo/itoa@1.0.9',
      'pkg:cargo/ryu@1.0.15',
      'pkg:cargo/serde@1.0.190',
    ])
  })
})

/** The best component the folder-hash scan finds for a folder a Debian package installs. */
async function identify(app: TestApp, deb: string, folder: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'ci-hfh-'))
  try {
    execFileSync('dpkg-deb', ['-x', path.join(DEBIAN_FIXTURE_REPO, 'pool/main', deb), dir])
    const reply = await scanHfh(app, await hfhRequestFor(path.join(dir, folder)))
    const [best] = reply.results.flatMap((r) => r.components)
    assert.ok(best, JSON.stringify(reply))
    return [best.purl, best.versions[0]?.version, best.versions[0]?.licenses.map((l) => l.spdx_id).sort()]
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('the folder-hash scan', () => {
  test("a crate's folder as Debian installs it is that crate", async () => {
    assert.deepEqual(
      await identify(t, 'r/rust-either/librust-either-dev_1.6.1-1_amd64.deb', 'usr/share/cargo/registry/either-1.6.1'),
      ['pkg:cargo/either', '1.6.1', ['Apache-2.0', 'MIT']],
    )
  })

  test("a distribution's import package as Debian installs it is that distribution", async () => {
    // idna's folder (url_normalize's three files are too few to hash); in a KB of its own: the FIXTURE KB has an idna
    const own = await debianRepoApp()
    try {
      const { pypi } = unitRunners(own.storage, own.config.growth)
      await pypi?.({ name: 'idna', options: KNOWN })
      await pypi?.({ name: 'idna', options: ANALYSIS })
      assert.deepEqual(
        await identify(own, 'p/python-idna/python3-idna_3.3-1+deb12u1_all.deb', 'usr/lib/python3/dist-packages/idna'),
        ['pkg:pypi/idna', '3.3', ['BSD-3-Clause']],
      )
    } finally {
      await own.close()
    }
  })
})

describe('the explorer in Chromium', { skip: chromiumSkip }, () => {
  let origin: string
  let browser: Browser
  before(async () => {
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' })
    browser = await chromium.launch({ executablePath: executablePath as string, args: CHROMIUM_FLAGS })
  })
  after(() => browser?.close())

  test('the search: PyPI and Cargo in the ecosystem filter, a crate found by its name in another spelling', async () => {
    const page = await browser.newPage()
    await page.goto(`${origin}/ui/`)
    const options = await page.locator('select#package option').evaluateAll((os) => os.map((o) => o.textContent))
    assert.ok(options.includes('pypi') && options.includes('cargo'), options.join(' '))
    await page.getByLabel('Name, purl or advisory id').fill('Lazy-Static')
    await page.getByLabel('Ecosystem').selectOption('cargo')
    await page.getByRole('button', { name: 'Search' }).click()
    await page.getByRole('link', { name: 'lazy_static', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'pkg:cargo/lazy_static' }).waitFor()
    await page.close()
  })

  const componentPage = async (purl: string) => {
    const page = await browser.newPage()
    await page.goto(`${origin}/ui/component/${encodeURIComponent(purl)}`)
    await page.getByRole('heading', { level: 1, name: purl }).waitFor()
    return page
  }
  const section = (page: Awaited<ReturnType<typeof componentPage>>, id: string) =>
    page.locator(`section[aria-labelledby="${id}"]`)

  test("a crate's page: its versions, its license, its dependencies resolved", async () => {
    const page = await componentPage('pkg:cargo/serde_json')
    assert.deepEqual(await page.locator('select#version option').allTextContents(), ['1.0.108 (2023-01-01)'])
    await section(page, 'licenses').getByRole('code').getByText('(MIT OR Apache-2.0)', { exact: true }).waitFor()
    const deps = section(page, 'deps')
    for (const dep of ['itoa@1.0.9', 'ryu@1.0.15', 'serde@1.0.190'])
      await deps.getByRole('link', { name: dep, exact: true }).waitFor()
    await page.close()
  })

  test("a distribution's page: its versions, its license, its dependency resolved", async () => {
    const page = await componentPage('pkg:pypi/url-normalize')
    const versions = await page.locator('select#version option').allTextContents()
    assert.equal(versions.length, 1)
    assert.match(versions[0] ?? '', /^1\.4\.3/)
    await section(page, 'licenses').getByRole('code').getByText('MIT', { exact: true }).waitFor()
    await section(page, 'deps').getByRole('link', { name: 'six@1.16.0', exact: true }).waitFor()
    await page.close()
  })
})
