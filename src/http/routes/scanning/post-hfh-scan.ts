// POST /v2/scanning/hfh/scan (docs/api-behaviour.md "Folder-hash scan"): which components the folders of a folder-hash
// tree are. The tree is checked by the domain parser (proto and lowerCamel names, nulls for small folders, bounds), so
// the schema below documents the body without Fastify validating it a second time.
import {
  MAX_TREE_DEPTH,
  MAX_TREE_NODES,
  parseScanRequest,
  ScanRequestError,
} from '../../../domain/folder-hash/parse-request.ts'
import { scanFolderTree } from '../../../domain/folder-hash/scan.ts'
import { HttpError } from '../../errors.ts'
import { responses } from '../../schemas/common.ts'
import { HfhScanReplySchema, HfhScanRequestSchema } from '../../schemas/scanning.ts'
import { statusWithDb } from '../../shared/batch.ts'
import type { App, AppDeps } from '../../types.ts'
import { folderMatches } from './scanning-wire.ts'

/** A 50,000-folder tree is about 12 MiB of JSON: this route accepts at least that whatever BODY_LIMIT says. */
const MIN_BODY_LIMIT = 32 * 1024 * 1024
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
        body: HfhScanRequestSchema,
        response: responses({ 200: HfhScanReplySchema }),
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
        results: results.map(folderMatches),
        status: await statusWithDb(deps, 'Success'),
      }
    },
  )
}
