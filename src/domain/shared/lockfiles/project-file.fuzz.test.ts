// Property-based fuzzing of the project-file readers (docs/kb-growth.md "Project files"; the files are untrusted):
// arbitrary text, and TOML documents of arbitrary shape, only ever give a ProjectFile or a ProjectFileError, and every
// component purl is a canonical pkg:cargo, pkg:pypi or pkg:maven purl. Fixed seeds keep CI deterministic.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { stringify } from 'smol-toml'
import { canonicalPurl, parsePurl, purlWithVersion } from '../purl.ts'
import { readCargoLock } from './cargo-lock.ts'
import { readCargoToml } from './cargo-toml.ts'
import { readGradleLockfile } from './gradle-lockfile.ts'
import { readPoetryLock } from './poetry-lock.ts'
import { readPomXml } from './pom-xml.ts'
import { type ProjectFile, ProjectFileError } from './project-file.ts'
import { readPyproject } from './pyproject-toml.ts'
import { readRequirements } from './requirements-txt.ts'
import { readUvLock } from './uv-lock.ts'

const SEED = 20_261_128
const READERS: [string, (text: string) => ProjectFile][] = [
  ['Cargo.lock', readCargoLock],
  ['poetry.lock', readPoetryLock],
  ['uv.lock', readUvLock],
  ['requirements', (text) => readRequirements(text, 'requirements.txt', (p) => ({ name: p, text }))],
  ['Cargo.toml', readCargoToml],
  ['pyproject.toml', readPyproject],
  ['pom.xml', (text) => readPomXml(text)],
  ['gradle.lockfile', readGradleLockfile],
]

/** The number of components read (0 when refused). */
function check(read: (text: string) => ProjectFile, text: string): number {
  let out: ProjectFile
  try {
    out = read(text)
  } catch (err) {
    assert.ok(err instanceof ProjectFileError, `${(err as Error).name}: ${(err as Error).message}`)
    return 0
  }
  for (const c of out.components) {
    const p = parsePurl(c.purl)
    assert.ok(p.type === 'cargo' || p.type === 'pypi' || p.type === 'maven', c.purl)
    assert.equal(p.version === undefined ? canonicalPurl(p) : purlWithVersion(p, p.version), c.purl)
  }
  return out.components.length
}

/** Lines a lock or requirements file is made of, and the characters that break them. */
const piece = fc.oneof(
  fc.constantFrom(
    '[[package]]\n',
    'name = "x"\n',
    'version = "1.0.0"\n',
    'version = 4\n',
    'source = "registry+https://index.example/index"\n',
    'source = { registry = "https://index.example/simple" }\n',
    'source = { editable = "." }\n',
    'dependencies = [{ name = "x", extra = ["e"] }]\n',
    '[package.optional-dependencies]\ne = [{ name = "x", extra = ["e"] }]\n',
    'groups = ["dev"]\n',
    '-r x\n',
    'six==1.0 \\\n',
    '  --hash=sha256:00\n',
    'a[b]>=1,<2 ; python_version < "3"\n',
    '<project><artifactId>a</artifactId>',
    '<dependencies><dependency><groupId>g</groupId><artifactId>a</artifactId>',
    '<version>[1.0,2.0)</version>',
    '<scope>test</scope></dependency></dependencies>',
    '</project>',
    'g:a:1.0=runtimeClasspath\n',
    'empty=\n',
  ),
  fc.string({ maxLength: 20 }),
)

for (const [name, read] of READERS) {
  test(`${name}: arbitrary text is a ProjectFile or a ProjectFileError`, () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        check(read, pieces.join(''))
      }),
      { seed: SEED, numRuns: 400 },
    )
  })
}

const value = fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.boolean(), fc.constant('registry+x'))
const packageName = fc.constantFrom('a', 'b', 'c_d', 'E.f')
const reference = fc.record(
  {
    name: fc.oneof(packageName, value),
    version: fc.constantFrom('1.0', '2.0'),
    extra: fc.array(fc.constantFrom('x', 'y')),
  },
  { requiredKeys: ['name'] },
)
const references = fc.oneof(fc.array(reference, { maxLength: 3 }), value)
const source = fc.oneof(
  fc.constantFrom('registry+https://index.example/index', 'sparse+x', 'git+x', 'path+x'),
  fc.dictionary(
    fc.constantFrom('registry', 'editable', 'virtual', 'git', 'type'),
    fc.oneof(value, fc.constant('legacy')),
  ),
  value,
)
const table = fc.record(
  {
    name: fc.oneof(packageName, value),
    version: fc.oneof(fc.constantFrom('1.0', '2.0'), value),
    source,
    dependencies: references,
    'optional-dependencies': fc.oneof(fc.dictionary(fc.constantFrom('x', 'y'), references), value),
    'dev-dependencies': fc.oneof(fc.dictionary(fc.constantFrom('dev'), references), value),
    groups: fc.oneof(fc.array(fc.constantFrom('main', 'dev')), value),
    category: fc.oneof(fc.constantFrom('main', 'dev'), value),
  },
  { requiredKeys: [] },
)
const document = fc.record(
  {
    version: fc.oneof(fc.constant(1), fc.constant(4), value),
    package: fc.oneof(fc.array(table, { maxLength: 8 }), value),
    metadata: fc.dictionary(fc.constantFrom('lock-version'), fc.oneof(fc.constant('2.1'), value)),
  },
  { requiredKeys: [] },
)

const requirementText = fc.oneof(
  fc.constantFrom('1.2', '^0.0', '~1', '=1.0.0', '>=1, <2', '*', 'x[y]>=1', '^x', '1.*'),
  fc.string({ maxLength: 8 }),
)
const dependencyTable = fc.dictionary(
  packageName,
  fc.oneof(
    requirementText,
    fc.record(
      { version: requirementText, path: value, git: value, workspace: fc.boolean(), package: packageName },
      { requiredKeys: [] },
    ),
    fc.array(fc.record({ version: requirementText }), { maxLength: 2 }),
    value,
  ),
)
const manifest = fc.record(
  {
    dependencies: dependencyTable,
    'dev-dependencies': dependencyTable,
    target: fc.dictionary(fc.constantFrom('cfg(unix)'), fc.record({ dependencies: dependencyTable })),
    workspace: fc.record({ dependencies: dependencyTable }),
    project: fc.record(
      {
        dependencies: fc.array(requirementText, { maxLength: 4 }),
        'optional-dependencies': fc.dictionary(fc.constantFrom('x'), fc.array(requirementText, { maxLength: 3 })),
      },
      { requiredKeys: [] },
    ),
    'dependency-groups': fc.dictionary(fc.constantFrom('dev'), fc.array(requirementText, { maxLength: 3 })),
    tool: fc.record({
      poetry: fc.record(
        {
          dependencies: dependencyTable,
          group: fc.dictionary(fc.constantFrom('main', 'dev'), fc.record({ dependencies: dependencyTable })),
        },
        { requiredKeys: [] },
      ),
    }),
  },
  { requiredKeys: [] },
)

test('manifests of any shape are a ProjectFile or a ProjectFileError', () => {
  const found: Record<string, number> = {}
  fc.assert(
    fc.property(manifest, (doc) => {
      const text = stringify(doc)
      for (const [name, read] of READERS.slice(4, 6)) found[name] = (found[name] ?? 0) + check(read, text)
    }),
    { seed: SEED, numRuns: 600 },
  )
  for (const [name] of READERS.slice(4, 6)) assert.ok((found[name] ?? 0) > 0, `${name}: no components in any run`)
})

test('TOML documents of any shape are a ProjectFile or a ProjectFileError for every lock reader', () => {
  const found: Record<string, number> = {}
  fc.assert(
    fc.property(document, (doc) => {
      const text = stringify(doc)
      for (const [name, read] of READERS.slice(0, 3)) found[name] = (found[name] ?? 0) + check(read, text)
    }),
    { seed: SEED, numRuns: 600 },
  )
  // the generator reaches the readers' paths: each reader found components in some documents
  for (const [name] of READERS.slice(0, 3)) assert.ok((found[name] ?? 0) > 0, `${name}: no components in any run`)
})
