// Response item schemas of the components area (docs/components.md; the messages of scanoss/papi
// protobuf/scanoss/api/components/v2/scanoss-components.proto).
import { Type } from 'typebox'
import { OutcomeFields } from './components.ts'

export const VersionLicenseSchema = Type.Object({
  name: Type.String({ description: 'SPDX id, or LicenseRef-… for a license that is not SPDX' }),
  spdx_id: Type.String(),
  is_spdx_approved: Type.Boolean(),
  url: Type.String(),
})

const StatisticsSchema = Type.Object({
  total_source_files: Type.Integer(),
  total_lines: Type.Integer(),
  total_blank_lines: Type.Integer(),
  languages: Type.Array(Type.Object({ name: Type.String(), files: Type.Integer() })),
})

export const ComponentStatisticsSchema = Type.Object({
  purl: Type.String(),
  version: Type.String(),
  statistics: StatisticsSchema,
  ...OutcomeFields,
})

export const ComponentStatusSchema = Type.Object({
  purl: Type.String(),
  name: Type.String(),
  requirement: Type.String(),
  version_status: Type.Optional(
    Type.Object({
      version: Type.String(),
      status: Type.String({ description: 'active, deprecated, removed, deleted or malicious ("" when unknown)' }),
      repository_status: Type.String({ description: "the registry's own words ('' when it says nothing)" }),
      indexed_date: Type.String(),
      status_change_date: Type.String(),
      ...OutcomeFields,
    }),
  ),
  component_status: Type.Object({
    status: Type.Optional(Type.String()),
    repository_status: Type.Optional(Type.String()),
    first_indexed_date: Type.Optional(Type.String()),
    last_indexed_date: Type.Optional(Type.String()),
    status_change_date: Type.Optional(Type.String()),
    ...OutcomeFields,
  }),
})
