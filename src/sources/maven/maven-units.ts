// Maven units of the ingestion queue (docs/maven.md "On demand"), run by repackaged-units.ts: each learns one artifact
// (`groupId:artifactId`) from the Maven repository a user configured (repository/ingest-repository.ts:
// maven-metadata.xml's versions, the newest and asked versions' POMs, the asked versions' sources jars or jars), else
// from Debian's Java library packages (ingest-maven.ts). A unit of the phase `known` reads the versions' facts (POMs,
// licenses, dependencies); one of the phase `analysis` walks jars through the analyzers too.
import type { Repackaged } from '../repackaged-units.ts'
import { ingestMavenArtifact } from './ingest-maven.ts'
import { configuredMavenRepository } from './repository/configured.ts'
import { ingestRepositoryArtifact, type RepositoryIngestReport } from './repository/ingest-repository.ts'
import type { MavenRepositoryClient } from './repository/repository-client.ts'

export const mavenUnits: Repackaged<MavenRepositoryClient, RepositoryIngestReport> = {
  source: 'maven',
  configured: (growth) => configuredMavenRepository(growth.registries.maven),
  fromConfigured: (client, work) => ingestRepositoryArtifact({ ...work, client }),
  moreFacts: (r) => ({ sourcesJars: r.sourcesJars }),
  fromDebian: (archive, indexes, work) => ingestMavenArtifact({ ...work, archive, indexes }),
}
