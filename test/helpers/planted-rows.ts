// FIXTURE rows no rule allows, planted straight into a KB's tables for the `compintel check` tests: what a lying
// registry could have written before identity was checked (an empty name, markup, a purl with a query, another
// package's name under a renamed purl, a control character in a version).
import { mapPackument } from '../../src/sources/npm/map-packument.ts'
import type { Storage } from '../../src/storage/database.ts'
import { SqlKbWriter } from '../../src/storage/kb-writer.ts'

const AS_OF = '2026-01-02T03:04:05.000Z'

/** A package as ingestion writes it (FIXTURE: @fx/good 1.0.0), which every rule allows. */
export async function writeCleanPackage(storage: Storage): Promise<void> {
  const name = '@fx/good'
  const packument = { name, 'dist-tags': { latest: '1.0.0' }, versions: { '1.0.0': { name, version: '1.0.0' } } }
  await new SqlKbWriter(storage).writePackage({ ...mapPackument(name, packument, AS_OF), analyses: [] })
}

/** Four components and three versions (of the first): 1 unparsable purl, 1 not canonical, 2 identity mismatches, 2
 * rejected names, 4 rejected versions. */
export async function plantBadRows(storage: Storage): Promise<void> {
  const row = (purl: string, name: string, latest: string | null) => ({
    purl,
    purl_type: 'npm',
    namespace: '',
    name,
    purl_name: name,
    project_url: '',
    latest_version: latest,
    status: 'active',
    facts_hash: 'x',
    first_indexed_at: AS_OF,
    last_indexed_at: AS_OF,
    source: 'fixture',
    as_of: AS_OF,
  })
  const ids = await storage.db
    .insertInto('components')
    .values([
      row('pkg:npm/', '', null),
      row('pkg:npm/%3Cimg%20src%3Dx%3E', '<img src=x>', '1.0.0'),
      row('pkg:npm/x?a=b#c@1', 'x', '1'),
      row('pkg:npm/ci-rename', 'react', '99.0.0\u001b[31m'),
    ])
    .returning('id')
    .execute()
  const version = (component_id: number, v: string) => ({
    component_id,
    version: v,
    sort_key: v,
    is_prerelease: 0,
    status: 'active',
    facts_hash: 'x',
    indexed_at: AS_OF,
    source: 'fixture',
    as_of: AS_OF,
  })
  const first = ids[0]?.id as number
  await storage.db
    .insertInto('versions')
    .values([version(first, '1.0.0'), version(first, '<img src=x>'), version(first, '')])
    .execute()
}
