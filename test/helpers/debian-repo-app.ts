// Test helper: an app whose Debian archive is the FIXTURE repository test/fixtures/debian/repo (real bookworm
// packages, README there), read through apt as a local file: repository from a private apt folder of its own, trusted
// (the fixture's Release files are unsigned). The on-demand and ingestion suites of Debian, PyPI and Cargo share it.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseUnitOptions } from '../../src/domain/kb/ingest-queue.ts'
import { makeTestApp, type TestApp, type TestAppOptions } from './app.ts'

export const DEBIAN_FIXTURE_REPO = fileURLToPath(new URL('../fixtures/debian/repo', import.meta.url))

/** The environment naming the FIXTURE repository as both mirrors, apt working in `aptDir`. */
export function debianRepoEnv(aptDir: string): Record<string, string> {
  return {
    DEBIAN_APT_DIR: aptDir,
    DEBIAN_MIRROR: `file:${DEBIAN_FIXTURE_REPO}`,
    DEBIAN_SECURITY_MIRROR: `file:${DEBIAN_FIXTURE_REPO}`,
    DEBIAN_MIRROR_TRUSTED: 'true',
  }
}

export interface DebianRepoAppOptions extends Omit<TestAppOptions, 'env'> {
  /** Added to (and overriding) the repository's environment. */
  env?: Record<string, string>
  /**
   * Learn on demand (the server's worker), waiting up to 30 s unless `env` says otherwise; npm is asked of a
   * registry that answers nothing.
   */
  onDemand?: boolean
}

/** An app over the FIXTURE repository in a fresh private apt folder, which `close` removes with the app. */
export async function debianRepoApp(opts: DebianRepoAppOptions = {}): Promise<TestApp> {
  const { env = {}, onDemand = false, ...rest } = opts
  const dir = mkdtempSync(path.join(tmpdir(), 'ci-repo-apt-'))
  let t: TestApp
  try {
    t = await makeTestApp({
      ...rest,
      env: { ...(onDemand ? { ON_DEMAND_WAIT_MS: '30000' } : {}), ...debianRepoEnv(dir), ...env },
      ...(onDemand ? { onDemandRegistry: { registry: 'http://127.0.0.1:9/' } } : {}),
    })
  } catch (err) {
    rmSync(dir, { recursive: true, force: true })
    throw err
  }
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
