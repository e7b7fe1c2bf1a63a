// The registry the cargo source reads, when the user configured one (docs/registries.md "Which index"): Cargo's own
// configuration in this process's environment ($CARGO_HOME, CARGO_REGISTRIES_*), under compintel's CARGO_INDEX_URL.
// Read at the first unit and kept for the process (one client: config.json read once, one document cache); a
// configuration that cannot be read fails each unit (a PermanentError naming the file) until it is fixed.
import type { IndexLimits } from '../../../config/registries.ts'
import { readConfigFile } from '../../../ingest/outbound/config-files.ts'
import { networkFromEnv } from '../../../ingest/outbound/guarded-get.ts'
import { cargoRegistryFromConfig } from './cargo-config.ts'
import { CargoSparseClient } from './sparse-client.ts'

export function configuredRegistry(limits: IndexLimits): () => CargoSparseClient | undefined {
  let made: { client: CargoSparseClient | undefined } | undefined
  return () => {
    if (!made) {
      const registry = cargoRegistryFromConfig(process.env, readConfigFile, limits.indexUrl)
      made = { client: registry && new CargoSparseClient(registry, limits, networkFromEnv(process.env)) }
    }
    return made.client
  }
}
