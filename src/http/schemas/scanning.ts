// Request and reply schemas of the folder-hash scan (POST /v2/scanning/hfh/scan; docs/folder-hashing.md). The
// request schema documents the body; the domain parser checks it (the route does not validate it twice).
import { Type } from 'typebox'
import { DEFAULT_FILTERS, DEFAULT_QUERY_LIMIT } from '../../domain/folder-hash/parse-request.ts'
import { VersionLicenseSchema } from './component-results.ts'

const Hash = Type.Union([Type.String({ description: '1 to 16 hex digits' }), Type.Null()])

const Folder = Type.Object({
  path_id: Type.String(),
  sim_hash_names: Hash,
  sim_hash_content: Hash,
  sim_hash_dir_names: Hash,
  lang_extensions: Type.Union([Type.Record(Type.String(), Type.Integer()), Type.Null()]),
  children: Type.Array(Type.Object({}, { description: 'folders of the same shape' })),
})

export const HfhScanRequestSchema = Type.Object({
  root: Folder,
  rank_threshold: Type.Optional(
    Type.Integer({
      description: `1-9: components ranked above are left out; 0 or absent: ${DEFAULT_FILTERS.rankThreshold}; others are clamped to 1-9`,
    }),
  ),
  category: Type.Optional(Type.String({ description: 'a PURL type (npm, …): only components of that type' })),
  query_limit: Type.Optional(
    Type.Integer({ description: `components per folder (default ${DEFAULT_QUERY_LIMIT}, at most 100)` }),
  ),
  recursive_threshold: Type.Optional(
    Type.Number({
      description: `a folder matching at least this is not searched below (default ${DEFAULT_FILTERS.recursiveThreshold})`,
    }),
  ),
  min_accepted_score: Type.Optional(
    Type.Number({
      description: `versions must score strictly above this (default ${DEFAULT_FILTERS.minAcceptedScore})`,
    }),
  ),
})

export const HfhScanReplySchema = Type.Object({
  results: Type.Array(
    Type.Object({
      path_id: Type.String(),
      components: Type.Array(
        Type.Object({
          purl: Type.String(),
          name: Type.String(),
          vendor: Type.String(),
          versions: Type.Array(
            Type.Object({ version: Type.String(), score: Type.Number(), licenses: Type.Array(VersionLicenseSchema) }),
          ),
          rank: Type.Integer({ description: '1 (official, widely used) to 9 (low confidence)' }),
          order: Type.Integer({ description: '1 = best match of this folder' }),
        }),
      ),
    }),
  ),
  status: Type.Ref('Status'),
})
