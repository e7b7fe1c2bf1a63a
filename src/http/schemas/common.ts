// Schemas shared by every route: the status object, the error body, and the response map helper.
import { type TSchema, Type } from 'typebox'
import { ERROR_CATALOGUE } from '../errors.ts'

export const StatusSchema = Type.Object(
  {
    status: Type.String({ description: 'SUCCESS when the request was processed; FAILED on request-level errors' }),
    message: Type.String(),
    db: Type.Optional(
      Type.Object({
        schema_version: Type.String(),
        created_at: Type.String(),
        sources: Type.Optional(
          Type.Array(
            Type.Object({
              name: Type.String({ description: 'e.g. osv:pypa-advisory-database, epss, purl2cpe' }),
              kind: Type.String({ description: 'advisories, epss or cpe' }),
              as_of: Type.Union([Type.String(), Type.Null()], {
                description: "the source's own date (newest record, score date); null when it gives none",
              }),
              imported_at: Type.String({ description: 'when it was loaded into this knowledge base' }),
              checked_at: Type.Optional(
                Type.String({ description: 'when `compintel update` last found its feed current (docs/kb-growth.md)' }),
              ),
              records: Type.Integer(),
            }),
            { description: 'the loaded data sources this answer draws on (vulnerabilities area)' },
          ),
        ),
      }),
    ),
    server: Type.Optional(Type.Object({ version: Type.String() })),
  },
  { $id: 'Status' },
)

export const ErrorBodySchema = Type.Object(
  {
    status: Type.Object({ status: Type.Literal('FAILED'), message: Type.String() }),
    error: Type.Object({
      code: Type.Union(Object.keys(ERROR_CATALOGUE).map((c) => Type.Literal(c))),
      request_id: Type.String(),
    }),
  },
  { $id: 'ErrorBody', description: 'The body of every request-level error (docs/errors.md)' },
)

/** The success schema(s) of a route plus the error body for every 4xx and 5xx. */
export function responses<T extends Record<number, TSchema>>(ok: T) {
  return { ...ok, '4xx': Type.Ref('ErrorBody'), '5xx': Type.Ref('ErrorBody') }
}

export function success(message: string) {
  return { status: 'SUCCESS', message }
}
