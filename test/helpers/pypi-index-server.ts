// A FIXTURE PyPI index on 127.0.0.1: the projects of test/fixtures/pypi-index (real core metadata from Debian's
// python3 packages), served as the public index's layout serves them — the Simple API at `/simple/<project>/`
// (PEP 691 JSON or PEP 503 HTML by the Accept header; HTML only when `htmlOnly`), the JSON API at
// `/pypi/<project>/json` and `/pypi/<project>/<version>/json` (`info` filled from the core metadata as the index
// fills it), and an sdist and a pure-Python wheel per project at `/files/<filename>` built from the fixture's files
// (the wheel's `.dist-info` with METADATA, WHEEL and RECORD as the wheel format lays them out). Made up (FIXTURE):
// the upload times, the WHEEL file's generator, `yanked`, and the switches below.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import type http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type FixtureServer, packFiles, sendDocument, sha256, startFixtureServer } from './index-fixtures.ts'
import { writeZip } from './zip.ts'

const DIR = path.join(import.meta.dirname, '..', 'fixtures', 'pypi-index')
const UPLOADED = '2021-05-05T14:18:18.000000Z' // FIXTURE

export interface PypiSwitches {
  /** The Simple API answers HTML only (an index without PEP 691). */
  htmlOnly: boolean
  /** Every file of this project (`name`) or of one of its versions (`name==version`) is yanked with this reason. */
  yanked: Record<string, string>
  /**
   * The project also lists an older release of this version (FIXTURE: the current release's files under the older
   * version's names, listed by the Simple API and the project's JSON document; not served).
   */
  older: Record<string, string>
  /** The files' bytes differ from the hash the index publishes. */
  corrupt: boolean
  /** Requests without this Authorization header get 401. */
  requireAuth: string | undefined
}

export interface PypiIndexServer extends FixtureServer {
  /** The Simple API's root, as a user configures it (`<origin>/simple/`). */
  indexUrl: string
  switches: PypiSwitches
}

interface Project {
  name: string
  version: string
  meta: Map<string, string[]>
  files: { filename: string; bytes: Buffer; packagetype: 'sdist' | 'bdist_wheel' }[]
}

export async function startPypiIndexServer(): Promise<PypiIndexServer> {
  const projects = new Map<string, Project>()
  for (const f of readdirSync(DIR).filter((n) => /\.(PKG-INFO|METADATA)$/.test(n))) {
    const text = readFileSync(path.join(DIR, f), 'utf8')
    const meta = parseMetadata(text)
    const name = first(meta, 'Name')
    const version = first(meta, 'Version')
    const extra = name === 'six' ? ['six.py'] : []
    const sdist = await packFiles(DIR, [f, ...extra], `${name}-${version}`)
    projects.set(name, {
      name,
      version,
      meta,
      files: [
        { filename: `${name}-${version}.tar.gz`, bytes: sdist, packagetype: 'sdist' },
        {
          filename: `${name}-${version}-py3-none-any.whl`,
          bytes: wheel(name, version, text, extra),
          packagetype: 'bdist_wheel',
        },
      ],
    })
  }
  const switches: PypiSwitches = { htmlOnly: false, yanked: {}, older: {}, corrupt: false, requireAuth: undefined }
  let origin = ''
  const server = await startFixtureServer((req, res) => {
    if (switches.requireAuth && req.headers.authorization !== switches.requireAuth) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="fixture"' }).end()
      return true
    }
    const url = req.url ?? ''
    const simple = /^\/simple\/([^/]+)\/$/.exec(url)
    const json = /^\/pypi\/([^/]+)\/(?:([^/]+)\/)?json$/.exec(url)
    const file = /^\/files\/([^/]+)$/.exec(url)
    const p = projects.get(simple?.[1] ?? json?.[1] ?? '')
    if (simple && p) {
      const wantsJson = !switches.htmlOnly && /application\/vnd\.pypi\.simple\.v1\+json/.test(req.headers.accept ?? '')
      sendSimple(req, res, p, wantsJson)
      return true
    }
    if (json && p && (!json[2] || json[2] === p.version)) {
      sendDocument(req, res, 'application/json', JSON.stringify(jsonDocument(p, !json[2])))
      return true
    }
    const byFile = [...projects.values()].flatMap((q) => q.files).find((q) => q.filename === file?.[1])
    if (byFile) {
      const body = switches.corrupt ? Buffer.concat([byFile.bytes, Buffer.from([0])]) : byFile.bytes
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length }).end(body)
      return true
    }
    return false
  })
  origin = server.origin

  function fileRecords(p: Project, version = p.version) {
    const reason = switches.yanked[`${p.name}==${version}`] ?? switches.yanked[p.name]
    return p.files.map((file) => ({
      filename: file.filename.replace(p.version, version),
      packagetype: file.packagetype,
      url: `${origin}/files/${file.filename}`,
      sha256: sha256(file.bytes),
      size: file.bytes.length,
      requiresPython: first(p.meta, 'Requires-Python') || null,
      yanked: reason !== undefined,
      reason: reason ?? null,
    }))
  }

  /** The project's releases, the older one first. */
  function releases(p: Project): string[] {
    const older = switches.older[p.name]
    return older ? [older, p.version] : [p.version]
  }

  function sendSimple(req: http.IncomingMessage, res: http.ServerResponse, p: Project, asJson: boolean) {
    const files = releases(p).flatMap((v) => fileRecords(p, v))
    if (asJson) {
      const doc = {
        meta: { 'api-version': '1.1', '_last-serial': 1 },
        name: p.name,
        files: files.map((f) => ({
          filename: f.filename,
          url: f.url,
          hashes: { sha256: f.sha256 },
          'requires-python': f.requiresPython,
          yanked: f.yanked ? f.reason || true : false,
          size: f.size,
          'upload-time': UPLOADED,
          'core-metadata': false,
        })),
        versions: releases(p),
      }
      return sendDocument(req, res, 'application/vnd.pypi.simple.v1+json', JSON.stringify(doc))
    }
    const links = files.map((f) => {
      const py = f.requiresPython
        ? ` data-requires-python="${f.requiresPython.replace(/>/g, '&gt;').replace(/</g, '&lt;')}"`
        : ''
      const yanked = f.yanked ? ` data-yanked="${f.reason ?? ''}"` : ''
      return `    <a href="../../files/${f.filename}#sha256=${f.sha256}"${py}${yanked}>${f.filename}</a><br />\n`
    })
    const html = `<!DOCTYPE html>\n<html>\n  <head>\n    <meta name="pypi:repository-version" content="1.1">\n    <title>Links for ${p.name}</title>\n  </head>\n  <body>\n    <h1>Links for ${p.name}</h1>\n${links.join('')}  </body>\n</html>\n`
    sendDocument(req, res, 'text/html', html)
  }

  /** The JSON API document as the index builds it from core metadata (`releases` only in the project's). */
  function jsonDocument(p: Project, withReleases: boolean) {
    const records = fileRecords(p)
    const filesOf = (version: string) =>
      fileRecords(p, version).map((f) => ({
        digests: { sha256: f.sha256 },
        filename: f.filename,
        packagetype: f.packagetype,
        python_version: f.packagetype === 'sdist' ? 'source' : 'py3',
        requires_python: f.requiresPython,
        size: f.size,
        upload_time: UPLOADED.slice(0, 19),
        upload_time_iso_8601: UPLOADED,
        url: f.url,
        yanked: f.yanked,
        yanked_reason: f.reason,
      }))
    const urls: Record<string, string> = {}
    const home = first(p.meta, 'Home-page')
    if (home) urls.Homepage = home
    for (const u of p.meta.get('Project-URL') ?? []) {
      const [label, link] = u.split(/,\s*/, 2)
      if (label && link) urls[label] = link
    }
    const files = filesOf(p.version)
    const f = records[0] as (typeof records)[number]
    const info = {
      author: first(p.meta, 'Author'),
      classifiers: p.meta.get('Classifier') ?? [],
      home_page: home || null,
      license: first(p.meta, 'License') || null,
      license_expression: first(p.meta, 'License-Expression') || null,
      name: p.name,
      project_urls: urls,
      requires_dist: p.meta.get('Requires-Dist') ?? null,
      requires_python: f.requiresPython,
      summary: first(p.meta, 'Summary'),
      version: p.version,
      yanked: f.yanked,
      yanked_reason: f.reason,
    }
    return {
      info,
      last_serial: 1,
      ...(withReleases ? { releases: Object.fromEntries(releases(p).map((v) => [v, filesOf(v)])) } : {}),
      urls: files,
      vulnerabilities: [],
    }
  }

  return { ...server, indexUrl: `${origin}/simple/`, switches }
}

/** Core metadata's header fields (RFC 822 style), each with all its values. */
function parseMetadata(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const line of text.split('\n')) {
    const m = /^([A-Za-z-]+):\s?(.*)$/.exec(line)
    if (m) out.set(m[1] as string, [...(out.get(m[1] as string) ?? []), m[2] as string])
  }
  return out
}

function first(meta: Map<string, string[]>, key: string): string {
  return meta.get(key)?.[0] ?? ''
}

/** A pure-Python wheel: the modules, then `<name>-<version>.dist-info/` with METADATA, WHEEL and RECORD. */
function wheel(name: string, version: string, metadata: string, modules: string[]): Buffer {
  const info = `${name}-${version}.dist-info`
  const entries = modules.map((m) => ({ name: m, data: readFileSync(path.join(DIR, m), 'utf8') }))
  entries.push({ name: `${info}/METADATA`, data: metadata })
  entries.push({
    name: `${info}/WHEEL`,
    data: 'Wheel-Version: 1.0\nGenerator: FIXTURE\nRoot-Is-Purelib: true\nTag: py3-none-any\n',
  })
  const record = entries.map((e) => {
    const digest = Buffer.from(sha256(e.data), 'hex').toString('base64url')
    return `${e.name},sha256=${digest},${Buffer.byteLength(e.data)}\n`
  })
  entries.push({ name: `${info}/RECORD`, data: `${record.join('')}${info}/RECORD,,\n` })
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'ci-wheel-')), 'w.whl')
  writeZip(file, entries)
  return readFileSync(file)
}
