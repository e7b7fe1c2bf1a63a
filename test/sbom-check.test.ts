// Policy verdicts (docs/policy.md) on the shipped seed's real data: POST /v2/sbom/check and `compintel sbom check`
// (locally on a copy of the seeded KB, and through the server). lodash 4.17.15 has real high-severity advisories, so a
// "no high severity" policy fails it; its license (MIT) passes a GPL denial and fails an Apache-only allow-list.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { promisify } from 'node:util'
import type { TestApp } from './helpers/app.ts'
import { closeSeededApp, seededApp, seededKbCopy } from './helpers/seeded-app.ts'

const BIN = new URL('../bin/compintel.js', import.meta.url).pathname
const run = promisify(execFile)

let t: TestApp
let kb: { dir: string; file: string }
before(async () => {
  t = await seededApp()
  kb = await seededKbCopy()
})
after(async () => {
  await closeSeededApp(t)
  rmSync(kb.dir, { recursive: true, force: true })
})

const LODASH = 'pkg:npm/lodash@4.17.15'
const BOM = {
  bomFormat: 'CycloneDX',
  specVersion: '1.6',
  components: [{ 'bom-ref': 'lodash', type: 'library', name: 'lodash', version: '4.17.15', purl: LODASH }],
}
const NO_HIGH = { rules: [{ id: 'no-high', when: { severity_at_least: 'high' } }] }

async function check(body: unknown, key = t.keys.full) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/sbom/check',
    headers: { 'x-api-key': key },
    payload: body as object,
  })
  return { status: res.statusCode, body: res.json() }
}

describe('POST /v2/sbom/check', () => {
  test('a "no high severity" policy fails lodash 4.17.15 on its real high advisories', async () => {
    const { status, body } = await check({ sbom: BOM, policy: NO_HIGH })
    assert.equal(status, 200)
    assert.equal(body.verdict, 'fail')
    assert.ok(body.violations.length > 0)
    for (const v of body.violations) {
      assert.equal(v.rule, 'no-high')
      assert.equal(v.component, LODASH)
      assert.match(v.finding, /^(CVE|GHSA)-/)
      assert.match(v.reason, /^severity (high|critical)$/)
    }
    assert.ok(body.summary.findings >= body.violations.length)
    assert.deepEqual(body.summary.rules, [{ id: 'no-high', action: 'fail', violations: body.violations.length }])
  })

  test('the same BOM with those findings triaged not_affected (its own analysis, or OpenVEX beside it) passes', async () => {
    const failed = (await check({ sbom: BOM, policy: NO_HIGH })).body
    const high = [...new Set(failed.violations.map((v: { finding: string }) => v.finding))] as string[]
    const analysis = {
      state: 'not_affected',
      justification: 'code_not_reachable',
      detail: 'template() is never called',
    }
    const triaged = {
      ...BOM,
      vulnerabilities: high.map((id) => ({ id, analysis, affects: [{ ref: 'lodash' }] })),
    }
    const own = (await check({ sbom: triaged, policy: NO_HIGH })).body
    assert.equal(own.verdict, 'pass', JSON.stringify(own.violations))
    assert.equal(own.summary.suppressed, high.length)
    // FIXTURE: an OpenVEX document about the real CVEs, sent beside the untriaged BOM
    const openVex = {
      '@context': 'https://openvex.dev/ns/v0.2.0',
      '@id': 'https://compintel.example/vex/lodash-1',
      author: 'FIXTURE',
      timestamp: '2026-11-28T00:00:00Z',
      version: 1,
      statements: high.map((id) => ({
        vulnerability: { name: id },
        products: [{ '@id': LODASH }],
        status: 'not_affected',
        justification: 'vulnerable_code_not_in_execute_path',
      })),
    }
    const beside = (await check({ sbom: BOM, policy: NO_HIGH, vex: [openVex] })).body
    assert.equal(beside.verdict, 'pass', JSON.stringify(beside.violations))
    const malformed = await check({
      sbom: BOM,
      policy: NO_HIGH,
      vex: [{ ...openVex, statements: [{ status: 'fine' }] }],
    })
    assert.equal(malformed.status, 400)
  })

  test('libc6 2.36-9 fails a known-exploited rule on CVE-2023-4911 (CISA KEV, added 2023-11-21)', async () => {
    const policy = { rules: [{ id: 'no-kev', when: { kev: true } }] }
    const { body } = await check({ sbom: ['pkg:deb/debian/libc6@2.36-9?arch=amd64'], policy })
    assert.equal(body.verdict, 'fail')
    const looney = body.violations.find((v: { finding: string }) => v.finding === 'CVE-2023-4911')
    assert.equal(looney?.reason, 'known exploited (CISA KEV since 2023-11-21)')
    const fixed = (await check({ sbom: ['pkg:deb/debian/libc6@2.36-9+deb12u7?arch=amd64'], policy })).body
    assert.equal(
      fixed.violations.some((v: { finding: string }) => v.finding === 'CVE-2023-4911'),
      false,
    )
  })

  test('MIT passes a GPL denial, fails an Apache-only allow-list (a warn rule warns)', async () => {
    const policy = {
      rules: [
        { id: 'no-gpl', when: { license_denied: ['GPL-3.0-only', 'GPL-2.0-only'] } },
        { id: 'apache-only', when: { license_allowed: ['Apache-2.0'] }, action: 'warn' },
      ],
    }
    const { body } = await check({ sbom: [LODASH], policy })
    assert.equal(body.verdict, 'warn')
    assert.deepEqual(
      body.violations.map((v: { rule: string; finding: unknown }) => [v.rule, v.finding]),
      [['apache-only', null]],
    )
    assert.match(body.violations[0].reason, /license MIT: no choice is made of allowed licenses only/)
  })

  test('crypto-js 4.2.0 uses weak and quantum-vulnerable algorithms (its real analysis, the CBOM table)', async () => {
    const policy = {
      rules: [
        { id: 'weak', when: { crypto: ['weak'] } },
        { id: 'quantum', when: { crypto: ['quantum-vulnerable'] }, action: 'warn' },
      ],
    }
    const { body } = await check({ sbom: ['pkg:npm/crypto-js@4.2.0'], policy })
    assert.equal(body.verdict, 'fail')
    const reasons = Object.fromEntries(body.violations.map((v: { rule: string; reason: string }) => [v.rule, v.reason]))
    assert.match(reasons.weak, /^uses .*\bmd5\b/)
    assert.match(reasons.quantum, /^uses .*\bmd5\b/)
    assert.doesNotMatch(reasons.quantum, /\baes\b/, 'AES keeps a quantum level of 1')
  })

  test('a policy that does not conform is a 400 naming the flaw; the key needs the sbom scope', async () => {
    const bad = await check({ sbom: BOM, policy: { rules: [{ id: 'x', when: { severity: 'high' } }] } })
    assert.equal(bad.status, 400)
    assert.equal(bad.body.error.code, 'VALIDATION_FAILED')
    assert.match(bad.body.status.message, /unknown field "severity"/)
    const missing = await check({ sbom: BOM })
    assert.equal(missing.status, 400)
    const unreadable = await check({ sbom: { bomFormat: 'CycloneDX' }, policy: NO_HIGH })
    assert.equal(unreadable.status, 400)
    const forbidden = await check({ sbom: BOM, policy: NO_HIGH }, t.keys.components)
    assert.equal(forbidden.status, 403)
  })
})

describe('compintel sbom check', () => {
  const files = () => {
    const bom = path.join(kb.dir, 'bom.json')
    const policy = path.join(kb.dir, 'policy.json')
    writeFileSync(bom, JSON.stringify(BOM))
    writeFileSync(policy, JSON.stringify(NO_HIGH))
    return { bom, policy }
  }
  const env = () => ({ ...process.env, DATABASE_URL: `sqlite:${kb.file}`, LOG_LEVEL: 'silent', SEED_DIR: 'none' })
  async function cli(args: string[]) {
    try {
      const { stdout, stderr } = await run(process.execPath, [BIN, 'sbom', 'check', ...args], { env: env() })
      return { code: 0, stdout, stderr }
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string }
      return { code: e.code, stdout: e.stdout, stderr: e.stderr }
    }
  }

  test('exits 1 on a fail verdict, listing the violations, from the KB and through a server', async () => {
    const { bom, policy } = files()
    const local = await cli(['--policy', policy, bom])
    assert.equal(local.code, 1, local.stderr)
    assert.match(local.stdout, /^FAIL no-high: pkg:npm\/lodash@4\.17\.15 (CVE|GHSA)-/m)
    assert.match(local.stdout, /^verdict: fail \(1 components, \d+ findings; \d+ fail, 0 warn\)$/m)
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
    const remote = await cli(['--policy', policy, '--url', url, '--key', t.keys.full, '--json', bom])
    assert.equal(remote.code, 1, remote.stderr)
    assert.equal(JSON.parse(remote.stdout).verdict, 'fail')
  })

  test('exits 0 on pass, 2 on a policy or a command line it cannot read', async () => {
    const { bom } = files()
    const pass = path.join(kb.dir, 'pass.json')
    writeFileSync(pass, JSON.stringify({ rules: [{ id: 'no-gpl', when: { license_denied: ['GPL-3.0-only'] } }] }))
    const ok = await cli(['--policy', pass, bom])
    assert.equal(ok.code, 0, ok.stderr)
    assert.match(ok.stdout, /^verdict: pass/m)
    const bad = path.join(kb.dir, 'bad.json')
    writeFileSync(bad, JSON.stringify({ rules: [{ id: 'x', when: { cvss_at_least: 11 } }] }))
    const refused = await cli(['--policy', bad, bom])
    assert.equal(refused.code, 2)
    assert.match(refused.stderr, /cvss_at_least: must be <= 10/)
    assert.equal((await cli([bom])).code, 2)
  })
})
