// The web explorer end to end (docs/explorer.md) in headless Chromium (Debian's `chromium` package driven by
// playwright-core) against a listening server over the FIXTURE KB and FIXTURE advisories, plus an XSS probe: search →
// component → advisory with a key pasted once, every request to the server's own origin, advisory text rendered as
// text, the project report from a lockfile, folder scan results, axe-core's WCAG A/AA rules on every page, the
// security headers, the first page's weight. With
// UPDATE_SCREENSHOTS=1 the screenshots of docs/explorer.md are written from the same pages.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { hashFolder } from '../src/cli/folder-walk.ts'
import { crc64Stream } from '../src/domain/folder-hash/crc64.ts'
import { scanRequest } from '../src/domain/folder-hash/request.ts'
import { advisoryFromOsv } from '../src/domain/vulnerabilities/osv-record.ts'
import { cryptoAnalyzer } from '../src/ingest/analyzers/crypto.ts'
import { mapPackument } from '../src/sources/npm/map-packument.ts'
import { SqlAdvisoryWriter } from '../src/storage/advisory-writer.ts'
import { SqlKbWriter } from '../src/storage/kb-writer.ts'
import { FIXTURE_ADVISORIES, loadFixtureAdvisories } from './helpers/advisory-fixture.ts'
import { makeTestApp, type TestApp } from './helpers/app.ts'
import { CHROMIUM_FLAGS, executablePath, chromiumSkip as skip } from './helpers/chromium.ts'
import { debianRepoApp } from './helpers/debian-repo-app.ts'
import { FIXTURE_AS_OF, FIXTURE_PACKUMENTS, loadFixtureKb } from './helpers/kb-fixture.ts'

const LOCKFILE = fileURLToPath(new URL('./fixtures/explorer/package-lock.json', import.meta.url))
const SHOTS = process.env.UPDATE_SCREENSHOTS === '1' ? new URL('../docs/explorer/', import.meta.url) : undefined

// FIXTURE advisory: markup and a script URL where the KB's untrusted text goes
const PROBE = '<script>window.__xss = 1</script><img src=x onerror="window.__xss = 2">'
const XSS = advisoryFromOsv(
  {
    id: 'x_FX-XSS-1',
    modified: '2024-02-01T00:00:00Z',
    summary: `Probe ${PROBE}`,
    details: `Details ${PROBE} <b>not bold</b>`,
    references: [{ type: 'WEB', url: 'javascript:window.__xss = 3' }],
    affected: [
      { package: { ecosystem: 'npm', name: 'fx-lib' }, ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }] }] },
    ],
  },
  'osv:fixture',
)

// FIXTURE advisory: an OpenSSF-style malicious-package report on fx-app
const MALICIOUS = advisoryFromOsv(
  {
    id: 'MAL-2099-8',
    modified: '2024-02-01T00:00:00Z',
    summary: 'Malicious code in fx-app (npm)',
    affected: [
      { package: { ecosystem: 'npm', name: 'fx-app' }, ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }] }] },
    ],
  },
  'osv:fixture',
)

describe('the explorer in Chromium', { skip }, () => {
  let t: TestApp
  let origin: string
  let browser: Browser
  let context: BrowserContext
  const requests: string[] = []
  const problems: string[] = []

  before(async () => {
    t = await makeTestApp()
    await loadFixtureKb(t.storage)
    await loadFixtureAdvisories(t.storage, [...FIXTURE_ADVISORIES, XSS, MALICIOUS])
    await writeCryptoAnalyses(t)
    // the FIXTURE advisories' source, as loading a feed records it: its date is how fresh the answers say they are
    await new SqlAdvisoryWriter(t.storage).recordSource({
      name: 'osv:fixture',
      kind: 'advisories',
      sourceDate: '2024-03-01T00:00:00Z',
      importedAt: '2026-11-27T00:00:00Z',
    })
    // FIXTURE: a KEV entry (CISA's catalogue of known exploited vulnerabilities) for the FIXTURE CVE of fx-lib
    await new SqlAdvisoryWriter(t.storage).writeKev(
      [
        {
          cve: 'CVE-2099-0001',
          vendorProject: 'FIXTURE',
          product: 'fx-lib',
          vulnerabilityName: 'FIXTURE prototype pollution',
          dateAdded: '2099-01-02',
          shortDescription: 'FIXTURE',
          requiredAction: 'FIXTURE: apply updates',
          dueDate: '2099-01-23',
          knownRansomwareCampaignUse: 'Unknown',
        },
      ],
      'kev',
      '2026-11-27T00:00:00Z',
    )
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' })
    browser = await chromium.launch({ executablePath: executablePath as string, args: CHROMIUM_FLAGS })
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    context.on('request', (r) => requests.push(r.url()))
    // every page's script errors and console errors (a policy violation is one), for the last test
    context.on('weberror', (e) => problems.push(`script error: ${e.error().message}`))
    context.on('console', (m) => {
      if (m.type() === 'error' && !/status of 4\d\d/.test(m.text())) problems.push(`console: ${m.text()}`)
    })
    context.on('dialog', (d) => assert.fail(`a dialog opened: ${d.message()}`))
  })
  after(async () => {
    await browser?.close()
    await t?.close()
  })

  /** A page of the explorer, with the key pasted once through the header's form. */
  async function withKey(): Promise<Page> {
    const page = await context.newPage()
    await page.goto(`${origin}/ui/`)
    await page.getByRole('button', { name: 'Set API key' }).click()
    await page.getByLabel('API key').fill(t.keys.full)
    await page.getByRole('button', { name: 'Use' }).click()
    await page.getByRole('button', { name: 'API key set' }).waitFor()
    return page
  }

  test('search → component → advisory, the key kept in the session and never in a URL', async () => {
    const page = await withKey()
    assert.equal(await page.evaluate(() => sessionStorage.getItem('compintel.apiKey')), t.keys.full)
    // keyboard only: type, Enter, the down arrow to the first hit (the endpoint ranks the exact name first), Enter
    await page.getByLabel('Name, purl or advisory id').fill('fx-lib')
    await page.keyboard.press('Enter')
    await page.getByRole('link', { name: 'fx-lib', exact: true }).waitFor()
    await page.getByLabel('Name, purl or advisory id').press('ArrowDown')
    assert.equal(await page.evaluate('document.activeElement.textContent'), 'fx-lib')
    await page.keyboard.press('ArrowUp')
    assert.equal(await page.evaluate('document.activeElement.id'), 'q', 'up from the first hit: the box again')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { level: 1, name: 'pkg:npm/fx-lib' }).waitFor()
    // the latest version (2.0.0) is not affected; the picker goes to one that is
    await page.getByLabel('Version', { exact: true }).selectOption('1.2.0')
    await page.waitForURL(/\?version=1\.2\.0$/)
    const vulns = page.locator('#vulns').locator('..')
    await vulns.getByText('Source: osv:fixture (as of 2024-03-01)').waitFor()
    // the known exploited one is marked, and listed first
    const first = vulns.locator('tbody tr').first()
    assert.match(await first.innerText(), /^CVE-2099-0001\s+Known exploited \(since 2099-01-02\)/)
    assert.equal(await vulns.getByText(/^Known exploited/).count(), 1)
    await vulns.getByRole('link', { name: 'CVE-2099-0001' }).click()
    await page.getByRole('heading', { level: 1, name: 'Advisory x_FX-1' }).waitFor()
    await page.getByText('Prototype pollution in fx-lib').waitFor()
    await page.locator('main').getByText('Known exploited (since 2099-01-02)').waitFor()
    assert.equal(await page.locator('main #version, main #vulns').count(), 0, "nothing of the component's page is left")
    assert.match(await page.locator('main').innerText(), /SEMVER: from the first version, < 1\.3\.0 \(fixed\)/)
    assert.ok(requests.length > 5)
    for (const url of requests) {
      assert.ok(url.startsWith(`${origin}/`), `a request outside the server's origin: ${url}`)
      assert.ok(!url.includes(t.keys.full), 'the key is never in a URL')
    }
  })

  test("the KB's text is shown as text: a <script> in an advisory runs nothing", async () => {
    const page = await withKey()
    await page.goto(`${origin}/ui/advisory/x_FX-XSS-1`)
    await page.getByText(`Probe ${PROBE}`).waitFor()
    assert.match(await page.locator('.details').innerText(), /<b>not bold<\/b>/)
    assert.equal(await page.locator('main b').count(), 0)
    assert.equal(await page.evaluate('window.__xss'), undefined)
    assert.equal(await page.locator('a[href^="javascript:"]').count(), 0, 'a script URL is not a link')
    await page.getByText('javascript:window.__xss = 3').click()
    assert.equal(await page.evaluate('window.__xss'), undefined)
  })

  test("axe-core's WCAG A and AA rules pass on every page; readable at phone width", async () => {
    const page = await withKey()
    const pages = {
      search: '/ui/?q=fx',
      component: `/ui/component/${encodeURIComponent('pkg:npm/fx-app')}?version=1.1.0`,
      advisory: '/ui/advisory/x_FX-1',
      report: '/ui/report',
      folders: '/ui/folders',
    }
    for (const [name, path] of Object.entries(pages)) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 })
        await page.goto(`${origin}${path}`)
        await page.locator('main h1').waitFor()
        await page.waitForLoadState('networkidle')
        assert.deepEqual(await axeViolations(page), [], `${name} at ${width} px`)
        const overflow = Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'))
        assert.ok(overflow <= 0, `${name} at ${width} px scrolls sideways by ${overflow} px`)
        await shoot(page, `${name}-${width < 600 ? 'phone' : 'desktop'}`)
      }
    }
  })

  test('the nearest upgrade that fixes the known vulnerabilities, or that no known version does', async () => {
    const page = await withKey()
    const vulns = page.locator('section[aria-labelledby="vulns"]')
    // FIXTURE: fx-util 2.1.0 has x_FX-2 only, fixed in 2.1.5
    await page.goto(`${origin}/ui/component/${encodeURIComponent('pkg:npm/fx-util')}?version=2.1.0`)
    await vulns.getByText('Upgrade to 2.1.5 fixes the known vulnerability').waitFor()
    // fx-lib 1.2.0: x_FX-XSS-1 is never fixed; the critical CVE-2099-0001 is fixed in 1.3.0, which is deprecated
    await page.goto(`${origin}/ui/component/${encodeURIComponent('pkg:npm/fx-lib')}?version=1.2.0`)
    await vulns.locator('.remediation').waitFor()
    assert.equal(
      await vulns.locator('.remediation').innerText(),
      'No version this knowledge base knows fixes all 2 known vulnerabilities. Upgrade to 2.0.0 fixes the critical ' +
        'and high ones (a new major version).',
    )
  })

  test('cryptography of a version, and how it changed across versions', async () => {
    const page = await withKey()
    await page.goto(`${origin}/ui/component/${encodeURIComponent('pkg:npm/fx-lib')}?version=1.2.0`)
    const crypto = page.locator('section[aria-labelledby="crypto"]')
    await crypto.getByText('Across versions').waitFor()
    const chips = await crypto.locator('.chips li').allInnerTexts()
    assert.ok(chips.some((c) => /^aes/.test(c)) && !chips.some((c) => /^md5/.test(c)), chips.join(' | '))
    assert.match(await crypto.innerText(), /3 analyzed versions use cryptography \(1\.0\.0, 1\.2\.0, 1\.3\.0\)/)
    assert.match(await crypto.innerText(), /Used by other versions, not by this one: [^.]*\bmd5\b/)
    // an algorithm a quantum computer breaks is marked so; the libraries and protocols the version uses are listed
    await page.goto(`${origin}/ui/component/${encodeURIComponent('pkg:npm/fx-lib')}?version=1.3.0`)
    await crypto.getByText(/rsa\s+Weak|rsa\s+Strong/).waitFor()
    await crypto.getByText('not quantum-safe').waitFor()
    await page.goto(`${origin}/ui/component/${encodeURIComponent('pkg:npm/fx-lib')}?version=1.0.0`)
    await crypto.getByRole('heading', { name: 'Libraries and protocols' }).waitFor()
    assert.match(await crypto.innerText(), /JWT \/ JOSE\s+protocol/)
  })

  test('dependencies as a tree and a graph, vulnerable and copyleft nodes marked', async () => {
    const page = await withKey()
    await page.goto(`${origin}/ui/component/${encodeURIComponent('pkg:npm/fx-app')}?version=1.1.0`)
    // a malicious-package report is flagged as such
    const vulns = page.locator('section[aria-labelledby="vulns"]')
    await vulns.getByText('MAL-2099-8').waitFor()
    assert.match(await vulns.locator('tr', { hasText: 'MAL-2099-8' }).innerText(), /malicious/)
    // declared and detected licenses told apart (fx-app 1.1.0 declares MIT; its LICENSE file is MIT too)
    const licenses = page.locator('section[aria-labelledby="licenses"]')
    await licenses.getByText('Found in its files', { exact: true }).waitFor()
    assert.match(await licenses.locator('dl').innerText(), /Declared\s+MIT\s+Found in its files\s+MIT/)
    // OSADL's MIT checklist: no copyleft clause, and its one use case
    await licenses.getByText('no copyleft clause', { exact: true }).waitFor()
    await licenses.getByText('Obligations (OSADL checklist)').click()
    await licenses.getByText('Source code delivery OR Binary delivery').waitFor()
    const source = page.getByRole('link', { name: 'pkg:github/fx-org/fx-app' })
    assert.equal(await source.getAttribute('href'), 'https://github.com/fx-org/fx-app', 'the source repository')
    const deps = page.locator('section[aria-labelledby="deps"]')
    await deps.locator('.tree').waitFor()
    const lib = deps.locator('.tree li', { hasText: 'fx-lib@1.2.0' }).first()
    assert.match(await lib.innerText(), /vulnerable/, 'fx-lib 1.2.0 is affected by x_FX-1')
    const util = deps.locator('.tree li', { hasText: 'fx-util@2.1.5' }).first()
    assert.doesNotMatch(await util.innerText(), /vulnerable/, 'fx-util 2.1.5 has the fix of x_FX-2')
    await deps.locator('.graph canvas').first().waitFor()
    assert.match(String(await deps.locator('.graph').getAttribute('aria-label')), /\d+ dependencies, 1 vulnerable/)
    assert.deepEqual(await axeViolations(page), [], 'the dependency tree and graph')
    await shoot(page, 'dependencies')
  })

  test('project report from a lockfile: counts, a sortable table, the enriched SBOM to download', async () => {
    const page = await withKey()
    await page.getByRole('link', { name: 'Project report' }).click()
    await page.getByLabel('A package-lock.json, CycloneDX or SPDX JSON file').setInputFiles(LOCKFILE)
    await page.getByRole('table', { name: '2 components' }).waitFor()
    const severities = await page.locator('section[aria-labelledby="r-sev"]').innerText()
    assert.match(severities, /critical\s+1/)
    assert.match(await page.locator('section[aria-labelledby="r-lic"]').innerText(), /MIT OR Apache-2\.0|MIT/)
    const names = async () => page.locator('table.sortable tbody tr td:first-child').allInnerTexts()
    assert.deepEqual(await names(), ['fx-lib', 'fx-util'], 'the worst severity first')
    await page.getByRole('button', { name: 'Component' }).click()
    await page.getByRole('button', { name: 'Component' }).click()
    assert.deepEqual(await names(), ['fx-util', 'fx-lib'], 'by name, descending')
    assert.deepEqual(await axeViolations(page), [], 'the report with its results')
    await shoot(page, 'report')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download the enriched SBOM (CycloneDX)' }).click(),
    ])
    const bom = JSON.parse(readFileSync((await download.path()) as string, 'utf8'))
    assert.equal(bom.bomFormat, 'CycloneDX')
    assert.ok(bom.vulnerabilities.some((v: { id: string }) => v.id === 'CVE-2099-0001'))
  })

  test('folder scan results: a folder-hash request scanned, or results pasted, per folder', async () => {
    const page = await withKey()
    await page.getByRole('link', { name: 'Folder scan' }).click()
    const request = scanRequest(await hashFolder(fileURLToPath(new URL('./fixtures/explorer/', import.meta.url))), 4)
    await page.getByLabel('or paste it').fill(JSON.stringify(request))
    await page.getByRole('button', { name: 'Show the components' }).click()
    await page.getByText(/0 of \d+ folders identified/).waitFor()
    const results = {
      results: [
        {
          path_id: 'vendor/fx-lib',
          components: [
            {
              purl: 'pkg:npm/fx-lib',
              name: 'fx-lib',
              vendor: '',
              versions: [{ version: '1.2.0', score: 0.93, licenses: [] }],
              rank: 1,
              order: 1,
            },
          ],
        },
      ],
    }
    await page.getByLabel('or paste it').fill(JSON.stringify(results))
    await page.getByRole('button', { name: 'Show the components' }).click()
    await page.getByRole('heading', { name: 'vendor/fx-lib' }).waitFor()
    assert.match(await page.locator('main').innerText(), /fx-lib pkg:npm\/fx-lib, rank 1: 1\.2\.0 \(93%\)/)
    assert.deepEqual(await axeViolations(page), [], 'the folder scan with its results')
    await shoot(page, 'folders')
  })

  test('no page had a script error or broke its content security policy', () => {
    assert.deepEqual(problems, [])
  })

  /** axe-core's WCAG 2.0/2.1 A and AA violations on the page as it is (run through the debugging protocol: the
   *  page's own policy forbids inline scripts). */
  async function axeViolations(page: Page): Promise<string[]> {
    const axe = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
    return (await page.evaluate(
      `${axe}; axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }).then((r) => r.violations.map((v) => v.id + ': ' + v.nodes.map((n) => n.target).join(' ')))`,
    )) as string[]
  }

  async function shoot(page: Page, name: string): Promise<void> {
    if (!SHOTS) return
    mkdirSync(SHOTS, { recursive: true })
    await page.screenshot({ path: new URL(`${name}.png`, SHOTS).pathname, fullPage: true })
  }
})

describe('the explorer while a component is learned on demand', { skip }, () => {
  let t: TestApp
  let origin: string
  let browser: Browser
  before(async () => {
    // Debian's FIXTURE repository (test/fixtures/debian/repo) as the archive; a wait too short for any fetch
    t = await debianRepoApp({ env: { AUTH: 'none', ON_DEMAND: 'analyze', ON_DEMAND_WAIT_MS: '1' }, onDemand: true })
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' })
    browser = await chromium.launch({ executablePath: executablePath as string, args: CHROMIUM_FLAGS })
  })
  after(async () => {
    await browser?.close()
    await t?.close()
  })

  test('"being fetched" first, then the page fills in by itself', { timeout: 90_000 }, async () => {
    const page = await browser.newPage()
    await page.goto(`${origin}/ui/component/${encodeURIComponent('pkg:deb/debian/libsasl2-2')}`)
    await page
      .getByText(/being fetched/i)
      .first()
      .waitFor()
    const licenses = page.locator('section[aria-labelledby="licenses"]')
    await licenses
      .getByText(/BSD-4-Clause/)
      .first()
      .waitFor({ timeout: 60_000 })
    assert.match(await page.locator('h1').innerText(), /pkg:deb\/debian\/libsasl2-2/)
  })
})

/** FIXTURE file of fx-lib 1.3.0: an RSA key pair (an algorithm a quantum computer breaks). */
const RSA_FILE =
  "// FIXTURE\nconst { generateKeyPairSync } = require('node:crypto')\nmodule.exports = generateKeyPairSync('rsa', { modulusLength: 2048 })\n"

/**
 * fx-lib 1.0.0, 1.2.0 and 1.3.0 analyzed by the real crypto analyzer over the FIXTURE files of fixture-crypto 1.0.0
 * (MD5, a JWT hint), 1.1.0 (AES-256-GCM, SHA-256) and RSA_FILE, so the component page has algorithms that change
 * across versions, hints, and quantum safety to show.
 */
async function writeCryptoAnalyses(t: TestApp): Promise<void> {
  const analysis = (version: string, content: Buffer) => {
    const run = cryptoAnalyzer.start()
    const crc = crc64Stream()
    crc.update(content)
    const md5 = createHash('md5').update(content).digest('hex')
    run.file({ path: 'index.js', size: content.length, md5, crc64: crc.digest(), content })
    return {
      version,
      asOf: FIXTURE_AS_OF,
      files: [{ path: 'index.js', size: content.length, md5 }],
      outputs: [{ analyzer: cryptoAnalyzer.name, analyzerVersion: cryptoAnalyzer.version, output: run.finish() }],
      detectedLicenses: [],
    }
  }
  const file = (dir: string) => readFileSync(new URL(`./fixtures/npm/fixture-crypto/${dir}/index.js`, import.meta.url))
  const lib = FIXTURE_PACKUMENTS.find((p) => p.name === 'fx-lib') as (typeof FIXTURE_PACKUMENTS)[number]
  const { component, versions } = mapPackument(lib.name, lib, FIXTURE_AS_OF)
  const analyses = [
    analysis('1.0.0', file('1.0.0')),
    analysis('1.2.0', file('1.1.0')),
    analysis('1.3.0', Buffer.from(RSA_FILE)),
  ]
  await new SqlKbWriter(t.storage).writePackage({ component, versions, analyses })
}

test('every /ui answer carries the security headers; the first page weighs under 200 KB compressed', async () => {
  const t = await makeTestApp()
  try {
    const page = await t.app.inject({ method: 'GET', url: '/ui/' })
    const deep = await t.app.inject({ method: 'GET', url: `/ui/component/${encodeURIComponent('pkg:npm/x')}` })
    const scripts = [...page.body.matchAll(/\/ui\/assets\/[^"]+/g)].map((m) => m[0])
    assert.ok(scripts.length >= 2, page.body)
    const assets = await Promise.all(scripts.map((url) => t.app.inject({ method: 'GET', url })))
    const missing = await t.app.inject({ method: 'GET', url: '/ui/assets/nope.js' })
    for (const res of [page, deep, ...assets, missing]) {
      assert.match(
        String(res.headers['content-security-policy']),
        /default-src 'none'; script-src 'self'; style-src 'self' 'sha256-[^']+'; style-src-attr 'unsafe-inline'; img-src/,
      )
      assert.equal(res.headers['x-content-type-options'], 'nosniff')
      assert.equal(res.headers['x-frame-options'], 'DENY')
    }
    assert.equal(deep.body, page.body, 'every page path answers with the one page')
    assert.equal(missing.statusCode, 404)
    // the first page: its HTML, stylesheet and scripts (the charts are chunks the later pages load)
    const bytes = [page, ...assets].reduce((n, r) => n + gzipSync(r.rawPayload).length, 0)
    assert.ok(bytes < 200 * 1024, `${bytes} bytes compressed`)
  } finally {
    await t.close()
  }
})
