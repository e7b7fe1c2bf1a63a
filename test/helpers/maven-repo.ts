// A PomLoader over the FIXTURE maven-repo folder (test/fixtures/maven/README.md): Debian's POMs at
// <group path>/<artifact>/<version>/<artifact>-<version>.pom, as the packages install them under usr/share/maven-repo.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PomLoader } from '../../src/domain/maven/effective-pom.ts'

export const MAVEN_REPO = fileURLToPath(new URL('../fixtures/maven/maven-repo', import.meta.url))

export function pomPath(groupId: string, artifactId: string, version: string): string {
  return path.join(MAVEN_REPO, ...groupId.split('.'), artifactId, version, `${artifactId}-${version}.pom`)
}

/** The fixture's POM of these coordinates, undefined when it has none; `asked` records every call. */
export function fixtureLoader(asked: string[] = []): PomLoader {
  return async (g, a, v) => {
    asked.push(`${g}:${a}:${v}`)
    const file = pomPath(g, a, v)
    return existsSync(file) ? readFileSync(file, 'utf8') : undefined
  }
}

export function fixturePom(groupId: string, artifactId: string, version: string): string {
  return readFileSync(pomPath(groupId, artifactId, version), 'utf8')
}
