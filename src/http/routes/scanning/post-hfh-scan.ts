// POST /v2/scanning/hfh/scan (spec #25, reference §3.7, §4.8): which components the folders of a folder-hash tree
// are. The tree is checked by the domain parser (proto and lowerCamel names, nulls for small folders, bounds), so
// the schema below documents the body without Fastify validating it a second time.
import { Type } from 'typebox'
import {
  DEFAULT_FILTERS,
  DEFAULT_QUERY_LIMIT,
  MAX_TREE_DEPTH,
  MAX_TREE_NODES,
  parseScanRequest,
  ScanRequestError,
} from '../../../domain/folder-hash/parse-request.ts'
import { scanFolderTree } from '../../../domain/folder-hash/scan.ts'
import { HttpError } from '../../errors.ts'
import { responses } from '../../schemas/common.ts'
import { VersionLicenseSchema } from '../../schemas/component-results.ts'
import { statusWithDb } from '../../shared/batch.ts'
import type { App, AppDeps } from '../../types.ts'
import { versionLicense } from '../components/wire.ts'

/** A 50,000-folder tree is about 12 MiB of JSON: this route accepts at least that whatever BODY_LIMIT says. */
const MIN_BODY_LIMIT = 32 * 1024 * 1024
const Hash = Type.Union([Type.String({ description: '1 to 16 hex digits' }), Type.Null()])

const Folder = Type.Object({
  path_id: Type.String(),
  sim_hash_names: Hash,
  sim_hash_content: Hash,
  sim_hash_dir_names: Hash,
  lang_extensions: Type.Union([Type.Record(Type.String(), Type.Integer()), Type.Null()]),
  children: Type.Array(Type.Object({}, { description: 'folders of the same shape' })),
})

const Body = Type.Object({
  root: Folder,
  rank_threshold: Type.Optional(
    Type.Integer({
      description: `1-9: components ranked above are left out; 0 or absent: ${DEFAULT_FILTERS.rankThreshold}`,
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

const Reply = Type.Object({
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

export function registerPostHfhScan(app: App, deps: AppDeps): void {
  app.post(
    '/v2/scanning/hfh/scan',
    {
      config: { area: 'scanning' },
      bodyLimit: Math.max(deps.config.bodyLimit, MIN_BODY_LIMIT),
      validatorCompiler: () => () => true,
      schema: {
        summary: 'Identify components from a folder-hash tree',
        description:
          'Each folder with hashes is matched against the folder-hash index by Hamming distance (score = ' +
          'exp(-0.065 x distance)); a folder matching at least recursive_threshold is not searched below; each ' +
          `component is reported once, at its best folder. At most ${MAX_TREE_DEPTH} levels and ${MAX_TREE_NODES} ` +
          'folders. results is an empty list when nothing matches.',
        tags: ['scanning'],
        body: Body,
        response: responses({ 200: Reply }),
      },
    },
    async (req) => {
      let parsed: ReturnType<typeof parseScanRequest>
      try {
        parsed = parseScanRequest(req.body)
      } catch (err) {
        if (err instanceof ScanRequestError) throw new HttpError('VALIDATION_FAILED', err.message)
        throw err
      }
      const results = await scanFolderTree(parsed.root, parsed.filters, deps.services.folders, deps.services.licenses)
      return {
        results: results.map((r) => ({
          path_id: r.pathId,
          components: r.components.map((c) => ({
            purl: c.purl,
            name: c.name,
            vendor: c.vendor,
            versions: c.versions.map((v) => ({
              version: v.version,
              score: v.score,
              licenses: v.licenses.map(versionLicense),
            })),
            rank: c.rank,
            order: c.order,
          })),
        })),
        status: await statusWithDb(deps, 'Success'),
      }
    },
  )
}
