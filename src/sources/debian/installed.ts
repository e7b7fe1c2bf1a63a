// The packages installed on a Debian system, read from its own dpkg database and documentation (docs/debian.md
// "Installed packages"): `compintel ingest debian --installed` adds each installed version the archive's indexes no
// longer list (a stable update replaced it) as a version of its package, with the facts dpkg keeps (source
// `dpkg-status`), and reads every installed version's license and changelog from /usr/share/doc on that system.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { type DebFacts, factsOfDocs } from './deb-facts.ts'
import { readDocs } from './deb-file.ts'
import { parseDeb822 } from './deb822.ts'
import { type BinaryRecord, binaryRecord, stanzaProblem } from './indexes.ts'

/** The suite name installed versions are filed under. */
export const INSTALLED = 'installed'

export interface InstalledPackages {
  records: BinaryRecord[]
  /** The license and changelog facts of each installed version, by package name. */
  facts: Map<string, DebFacts>
}

/** The installed packages of the system at `root` (`/` for this one). */
export function readInstalled(root = '/'): InstalledPackages {
  const status = path.join(root, 'var', 'lib', 'dpkg', 'status')
  if (!existsSync(status)) throw new Error(`no dpkg database at ${status}: not a Debian system`)
  const records: BinaryRecord[] = []
  const facts = new Map<string, DebFacts>()
  for (const p of parseDeb822(readFileSync(status, 'utf8'))) {
    const name = p.get('Package')
    const version = p.get('Version')
    if (!name || !version || !/ installed$/.test(p.get('Status') ?? '')) continue
    if (stanzaProblem(p, name, version)) continue // not a package Debian Policy allows: not ingested
    const record = binaryRecord(p, name, version, INSTALLED)
    records.push(record)
    facts.set(name, factsOfDocs(name, version, record.source, readDocs(root, name)))
  }
  return { records, facts }
}
