// GET /v2/vulnerabilities/advisory?id= (compintel's addition, docs/vulnerabilities.md "One advisory"): the advisory
// records the KB holds under an id or naming it as an alias (a CVE gathers every source's record of it), each with
// every package it affects, its ranges and versions, and its references, and CISA's KEV entry when the catalogue lists
// its id or an alias (one more query); the loaded sources and their dates in the status. The explorer's advisory page reads it. An id no record has is 404 NOT_FOUND.
import { Type } from 'typebox'
import { isCve, kevFields, listedKev } from '../../../domain/vulnerabilities/kev.ts'
import { HttpError } from '../../errors.ts'
import { responses } from '../../schemas/common.ts'
import { KevSchema } from '../../schemas/vulnerabilities.ts'
import { statusWithDb } from '../../shared/batch.ts'
import type { App, AppDeps } from '../../types.ts'

const MAX_RECORDS = 50

const Event = Type.Record(Type.String(), Type.String())
const AdvisorySchema = Type.Object({
  id: Type.String(),
  source: Type.String({ description: 'the loaded source that published it (osv:…, debian-changelog)' }),
  other_sources: Type.Array(Type.String()),
  aliases: Type.Array(Type.String()),
  summary: Type.String(),
  details: Type.String(),
  published: Type.String({ description: "ISO 8601; '' when the source gives none" }),
  modified: Type.String(),
  withdrawn: Type.String({ description: "ISO 8601; '' when it is not withdrawn" }),
  severity: Type.Array(Type.Object({ type: Type.String(), score: Type.String() })),
  database_severity: Type.String(),
  cwe_ids: Type.Array(Type.String()),
  references: Type.Array(Type.Object({ type: Type.String(), url: Type.String() })),
  kev: Type.Optional(KevSchema),
  affected: Type.Array(
    Type.Object({
      ecosystem: Type.String(),
      purl: Type.String({ description: 'pkg:<type>/<name> of the affected package' }),
      ranges: Type.Array(Type.Object({ type: Type.String(), events: Type.Array(Event) })),
      versions: Type.Array(Type.String()),
    }),
  ),
})

export function registerGetAdvisory(app: App, deps: AppDeps): void {
  app.get(
    '/v2/vulnerabilities/advisory',
    {
      config: { area: 'vulnerabilities' },
      schema: {
        summary: 'One advisory, with every package it affects',
        description:
          'The records under this id or naming it as an alias (CVE, GHSA, OSV ids), withdrawn ones too, at most ' +
          `${MAX_RECORDS}, by id. compintel's addition; 404 NOT_FOUND when the KB has none.`,
        tags: ['vulnerabilities'],
        querystring: Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: responses({
          200: Type.Object({ advisories: Type.Array(AdvisorySchema), status: Type.Ref('Status') }),
        }),
      },
    },
    async (req) => {
      const found = await deps.services.advisories.byId(req.query.id.trim(), MAX_RECORDS)
      if (found.length === 0) throw new HttpError('NOT_FOUND', `No advisory ${req.query.id} in this knowledge base`)
      const cves = [...new Set(found.flatMap((a) => [a.id, ...a.aliases]).filter(isCve))]
      const listed = cves.length > 0 ? await deps.services.advisories.kev(cves) : new Map()
      return {
        advisories: found.map((a) => ({
          id: a.id,
          source: a.source,
          other_sources: a.otherSources,
          aliases: a.aliases,
          summary: a.summary,
          details: a.details,
          published: a.published ?? '',
          modified: a.modified,
          withdrawn: a.withdrawn ?? '',
          severity: a.severity,
          database_severity: a.databaseSeverity ?? '',
          cwe_ids: a.cweIds,
          references: a.references,
          ...withKev(listedKev([a.id, ...a.aliases], listed)),
          affected: a.affected.map((p) => ({
            ecosystem: p.ecosystem,
            purl: `pkg:${p.purlType}/${p.purlName}`,
            ranges: (p.ranges ?? []).map((r) => ({ type: r.type, events: r.events as Record<string, string>[] })),
            versions: p.versions ?? [],
          })),
        })),
        status: await statusWithDb(deps, 'Success', ['advisories', 'kev']),
      }
    },
  )
}

function withKev(k: ReturnType<typeof listedKev>) {
  return k ? { kev: kevFields(k) } : {}
}
