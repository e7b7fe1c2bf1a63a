// The numbered migrations, in order; each receives the dialect for the few places SQLite and PostgreSQL differ.
import type { Kysely } from 'kysely'
import type { Dialect } from '../database.ts'
import * as m0001 from './0001-foundation.ts'
import * as m0002 from './0002-knowledge-base.ts'
import * as m0003 from './0003-component-search.ts'
import * as m0004 from './0004-vulnerabilities.ts'
import * as m0005 from './0005-advisory-sources.ts'
import * as m0006 from './0006-folder-hashes.ts'
import * as m0007 from './0007-geoprovenance.ts'
import * as m0008 from './0008-kb-changes.ts'
import * as m0009 from './0009-ingest-queue.ts'
import * as m0010 from './0010-kb-growth.ts'
import * as m0011 from './0011-kb-instance.ts'
import * as m0012 from './0012-installed-dirs.ts'
import * as m0013 from './0013-attribution-notices.ts'
import * as m0014 from './0014-snippet-index.ts'
import * as m0015 from './0015-file-algorithms.ts'
import * as m0016 from './0016-fair-queue.ts'
import * as m0017 from './0017-crate-names.ts'
import * as m0018 from './0018-cargo-features.ts'
import * as m0019 from './0019-known-exploited.ts'
import * as m0020 from './0020-maven-mediation.ts'

export interface NumberedMigration {
  name: string
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>
}

export const MIGRATIONS: readonly NumberedMigration[] = [
  { name: '0001-foundation', up: m0001.up },
  { name: '0002-knowledge-base', up: m0002.up },
  { name: '0003-component-search', up: m0003.up },
  { name: '0004-vulnerabilities', up: m0004.up },
  { name: '0005-advisory-sources', up: m0005.up },
  { name: '0006-folder-hashes', up: m0006.up },
  { name: '0007-geoprovenance', up: m0007.up },
  { name: '0008-kb-changes', up: m0008.up },
  { name: '0009-ingest-queue', up: m0009.up },
  { name: '0010-kb-growth', up: m0010.up },
  { name: '0011-kb-instance', up: m0011.up },
  { name: '0012-installed-dirs', up: m0012.up },
  { name: '0013-attribution-notices', up: m0013.up },
  { name: '0014-snippet-index', up: m0014.up },
  { name: '0015-file-algorithms', up: m0015.up },
  { name: '0016-fair-queue', up: m0016.up },
  { name: '0017-crate-names', up: m0017.up },
  { name: '0018-cargo-features', up: m0018.up },
  { name: '0019-known-exploited', up: m0019.up },
  { name: '0020-maven-mediation', up: m0020.up },
]

/** The schema version of a fully migrated KB: the number of the last migration. */
export const SCHEMA_VERSION = String(MIGRATIONS.length)
