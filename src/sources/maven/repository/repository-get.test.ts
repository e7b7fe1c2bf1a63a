import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { after, before, beforeEach, test } from 'node:test'
import {
  type MavenRepositoryServer,
  startMavenRepositoryServer,
} from '../../../../test/helpers/maven-repository-server.ts'
import { defaultMavenLimits } from '../../../config/registries.ts'
import { isPermanent, UpstreamRefused } from '../../../ingest/failure.ts'
import { Credential } from '../../../ingest/outbound/credential.ts'
import { RepositoryAccess } from './repository-get.ts'

const POM = 'org/apache/commons/commons-parent/56/commons-parent-56.pom'
const ENABLED = { enabled: true, checksumPolicy: 'warn' } as const
let server: MavenRepositoryServer
let other: MavenRepositoryServer

function access(allowed: string[] = []) {
  const repo = {
    id: 'r',
    url: server.url('r'),
    releases: ENABLED,
    snapshots: ENABLED,
    credential: Credential.basic('u', 'p'),
    headers: [{ name: 'X-Token', value: Credential.raw('t') }],
    from: 'test',
  }
  const policy = { registries: new Set([server.origin]), allowed: new Set(allowed), privateAddresses: true }
  return new RepositoryAccess(repo, policy, defaultMavenLimits(), {})
}
const doc = (a: RepositoryAccess) => a.document(POM, { what: 'the POM', max: 1 << 20, checksums: 'warn' })

before(async () => {
  server = await startMavenRepositoryServer()
  other = await startMavenRepositoryServer()
})
after(async () => {
  await server.close()
  await other.close()
})
beforeEach(() => {
  server.reset()
  other.reset()
})

test('a checksum file may name its file after the digest (sha1sum); one without a digest refuses the file', async () => {
  const body = server.files.get(POM) as Buffer
  const sha512 = createHash('sha512').update(body).digest('hex')
  server.route(`/r/${POM}.sha512`, (_req, res) => res.end(`${sha512}  commons-parent-56.pom\n`))
  assert.deepEqual((await doc(access()))?.checksum, { algorithm: 'sha512', hex: sha512 })
  server.route(`/r/${POM}.sha512`, (_req, res) => res.end('<html>not found</html>'))
  await assert.rejects(doc(access()), (e) => e instanceof UpstreamRefused && e.kind === 'format')
})

test("credentials and headers go to the repository's origin only; a redirect elsewhere needs MAVEN_FILE_ORIGINS", async () => {
  server.route(`/r/${POM}`, (_req, res) => res.writeHead(302, { location: `${other.url('r')}${POM}` }).end())
  await assert.rejects(doc(access()), (e) => e instanceof UpstreamRefused && e.kind === 'address')
  assert.equal(other.seen.length, 0)
  const got = await doc(access([other.origin]))
  assert.equal(got?.body.toString('utf8'), (other.files.get(POM) as Buffer).toString('utf8'))
  assert.ok(server.seen.every((s) => s.authorization === `Basic ${Buffer.from('u:p').toString('base64')}`))
  assert.deepEqual(
    other.seen.map((s) => s.authorization),
    [undefined],
  )
})

test('a server error is worth another try; a 403 is a refusal naming the server', async () => {
  server.route(`/r/${POM}`, (_req, res) => res.writeHead(503).end())
  await assert.rejects(doc(access()), (e) => !isPermanent(e))
  server.route(`/r/${POM}`, (_req, res) => res.writeHead(403).end())
  await assert.rejects(doc(access()), /repository r answered 403 \(are the credentials of <server> r right\?\)/)
})
