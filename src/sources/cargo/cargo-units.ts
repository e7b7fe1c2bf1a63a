// Cargo units of the ingestion queue (docs/cargo.md "On demand"), run by repackaged-units.ts: each learns one crate,
// from the registry a user configured (registry/ingest-registry.ts: the index's versions, the asked versions'
// `.crate`s), else from Debian's packages with ingestCrate (every version they ship, each crate folder walked).
import type { Repackaged } from '../repackaged-units.ts'
import { ingestCrate } from './ingest-crate.ts'
import { configuredRegistry } from './registry/configured.ts'
import { ingestRegistryCrate, type RegistryIngestReport } from './registry/ingest-registry.ts'
import type { CargoSparseClient } from './registry/sparse-client.ts'

export const cargoUnits: Repackaged<CargoSparseClient, RegistryIngestReport> = {
  source: 'cargo',
  configured: (growth) => configuredRegistry(growth.registries.cargo),
  fromConfigured: (client, work) => ingestRegistryCrate({ ...work, client }),
  fromDebian: (archive, indexes, work) => ingestCrate({ ...work, archive, indexes }),
}
