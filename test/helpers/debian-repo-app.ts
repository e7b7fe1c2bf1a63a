// A test app whose Debian source reads the FIXTURE repository test/fixtures/debian/repo (README there) through apt as
// a local file: repository (its own apt folder, removed on close), no npm registry; and the queue's units, for the
// on-demand suites of the sources Debian's packages feed (crates, Maven artifacts).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseUnitOptions } from '../../src/domain/kb/ingest-queue.ts'
import { makeTestApp, type TestApp } from './app.ts'

const REPO = fileURLToPath(new URL('../fixtures/debian/repo', import.meta.url))

export async function debianRepoApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ci-od-repo-'))
  const t = await makeTestApp({
    env: {
      ON_DEMAND_WAIT_MS: '30000',
      DEBIAN_APT_DIR: dir,
      DEBIAN_MIRROR: `file:${REPO}`,
      DEBIAN_SECURITY_MIRROR: `file:${REPO}`,
      DEBIAN_MIRROR_TRUSTED: 'true',
      ...env,
    },
    // no npm package is asked: a registry that answers nothing
    onDemandRegistry: { registry: 'http://127.0.0.1:9/' },
  })
  return {
    ...t,
    close: async () => {
      await t.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** The queue's units as [source, name, phase, state, last error]. */
export async function queueUnits(t: TestApp) {
  const rows = await t.storage.db
    .selectFrom('ingest_queue')
    .select(['source', 'name', 'state', 'last_error', 'options'])
    .orderBy('id')
    .execute()
  return rows.map((r) => [r.source, r.name, parseUnitOptions(r.options).phase, r.state, r.last_error])
}
