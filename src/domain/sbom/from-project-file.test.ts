// The BOM of a project file: the FIXTURE poetry.lock of rich and requirements main.in of warehouse
// (test/fixtures/lockfiles/) as CycloneDX 1.6 components, valid against the official schema.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { cycloneDxErrors } from '../../reference/cyclonedx-schema.ts'
import { readProjectFile } from '../shared/project-components.ts'
import { projectFileBom } from './from-project-file.ts'

const OPTIONS = {
  toolVersion: '0.1.0',
  serialNumber: `urn:uuid:${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`,
  timestamp: '2026-11-28T00:00:00.000Z',
}
const read = (path: string) => {
  const project = readProjectFile(
    path,
    readFileSync(new URL(`../../../test/fixtures/lockfiles/${path}`, import.meta.url), 'utf8'),
  )
  assert.ok(project)
  return project
}

test('poetry.lock: one library component per package, dev ones optional, valid CycloneDX 1.6', () => {
  const bom = projectFileBom(read('rich/poetry.lock'), 'rich', OPTIONS) as { components: Record<string, unknown>[] }
  assert.equal(bom.components.length, 49)
  assert.deepEqual(
    bom.components.find((c) => c.name === 'attrs'),
    {
      type: 'library',
      'bom-ref': 'pkg:pypi/attrs@21.4.0',
      name: 'attrs',
      version: '21.4.0',
      purl: 'pkg:pypi/attrs@21.4.0',
      scope: 'optional',
    },
  )
  assert.deepEqual(cycloneDxErrors(bom), [])
})

test('requirements: an unpinned line is a component without a version, its requirement in its bom-ref', () => {
  const bom = projectFileBom(read('warehouse/requirements/main.in'), 'warehouse', OPTIONS) as {
    components: Record<string, unknown>[]
  }
  assert.deepEqual(
    bom.components.find((c) => c.name === 'celery'),
    {
      type: 'library',
      'bom-ref': 'pkg:pypi/celery >=5.6.2,<5.7',
      name: 'celery',
      purl: 'pkg:pypi/celery',
      scope: 'required',
    },
  )
  assert.deepEqual(cycloneDxErrors(bom), [])
})
