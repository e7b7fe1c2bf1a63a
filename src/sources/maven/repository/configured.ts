// The Maven repositories the maven source reads, when the user configured some (docs/registries.md "Which
// repository"): Maven's own settings in this process's environment (~/.m2/settings.xml, $MAVEN_HOME/conf/settings.xml),
// under compintel's MAVEN_SETTINGS and MAVEN_REPOSITORY_URL. Read at the first unit and kept for the process (one
// client); a configuration that cannot be read (or an encrypted password) fails each unit with a PermanentError
// naming the file until it is fixed.
import type { MavenLimits } from '../../../config/registries.ts'
import { readConfigFile } from '../../../ingest/outbound/config-files.ts'
import { networkFromEnv } from '../../../ingest/outbound/guarded-get.ts'
import { mavenRepositoriesFromSettings } from './repositories.ts'
import { MavenRepositoryClient } from './repository-client.ts'

export function configuredMavenRepository(limits: MavenLimits): () => MavenRepositoryClient | undefined {
  let made: { client: MavenRepositoryClient | undefined } | undefined
  return () => {
    if (!made) {
      const repos = mavenRepositoriesFromSettings(process.env, readConfigFile, {
        repositoryUrl: limits.indexUrl,
        settingsFile: limits.settingsFile,
      })
      made = { client: repos && new MavenRepositoryClient(repos, limits, networkFromEnv(process.env)) }
    }
    return made.client
  }
}
