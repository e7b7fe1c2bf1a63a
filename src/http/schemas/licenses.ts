// Response schemas of the licenses area (docs/licenses.md "License result"), snake_case, every list present.
import { Type } from 'typebox'
import { OutcomeFields } from './components.ts'

const LicenseEntrySchema = Type.Object({
  id: Type.String({ description: 'SPDX id, or LicenseRef-… for a license that is not on the SPDX list' }),
  full_name: Type.String({ description: "The SPDX list's name ('' when not on the list)" }),
  is_spdx_approved: Type.Boolean({ description: 'Whether the id is on the SPDX License List' }),
  url: Type.String({ description: "The license's page on spdx.org ('' when not on the list)" }),
})

export const LicenseResultSchema = Type.Object({
  purl: Type.String({ description: 'The purl as requested, without its @version' }),
  requirement: Type.String({ description: "The requirement in force: the purl's @version when it had one" }),
  version: Type.String({ description: "The version the licenses are of ('' when none)" }),
  statement: Type.String({
    description: 'The declared SPDX expression (OR/AND as declared), else the detected licenses joined with AND',
  }),
  licenses: Type.Array(LicenseEntrySchema, { description: 'Declared licenses first, then detected ones, once each' }),
  url: Type.String({ description: "The component's project URL ('' when the component is unknown)" }),
  ...OutcomeFields,
})

/**
 * The SPDX facts of a license (the `SPDX` message of scanoss-licenses.proto); is_fsf_libre is omitted: the shipped SPDX
 * data lacks it.
 */
export const SpdxDetailsSchema = Type.Object({
  id: Type.String(),
  full_name: Type.String(),
  details_url: Type.String({ description: 'https://spdx.org/licenses/<id>.json' }),
  reference_url: Type.String({ description: 'https://spdx.org/licenses/<id>.html' }),
  is_deprecated: Type.Boolean(),
  is_osi_approved: Type.Boolean(),
  see_also: Type.Array(Type.String(), { description: "The first of SPDX's seeAlso links (the only one shipped)" }),
  cross_refs: Type.Array(
    Type.Object({
      url: Type.String(),
      is_valid: Type.Boolean(),
      is_live: Type.Boolean(),
      timestamp: Type.String(),
      is_wayback_link: Type.Boolean(),
      order: Type.Integer(),
      match: Type.String(),
    }),
    { description: 'Always empty: not in the shipped SPDX data' },
  ),
  exceptions: Type.Array(
    Type.Object({
      id: Type.String(),
      full_name: Type.String(),
      details_url: Type.String(),
      see_also: Type.Array(Type.String()),
      is_deprecated: Type.Boolean(),
    }),
    { description: 'Always empty: not in the shipped SPDX data' },
  ),
})

const OsadlFields = {
  copyleft_clause: Type.Optional(
    Type.Boolean({
      description:
        "The OSADL checklist's COPYLEFT CLAUSE (a checklist without one: false); omitted without a checklist",
    }),
  ),
  patent_hints: Type.Optional(
    Type.Boolean({ description: "The OSADL checklist's PATENT HINTS; omitted without a checklist" }),
  ),
  compatibility: Type.Array(Type.String(), {
    description: 'Licenses the OSADL matrix says may be used in software distributed under this one ("Yes")',
  }),
  depending_compatibility: Type.Array(Type.String(), {
    description: 'Licenses whose compatibility depends on the case ("Check dependency" in the OSADL matrix)',
  }),
  incompatibility: Type.Array(Type.String(), { description: 'Licenses the OSADL matrix says may not ("No")' }),
  use_cases: Type.Array(
    Type.Object({
      name: Type.String({ description: 'The checklist\'s USE CASE, e.g. "Binary delivery"' }),
      obligation_text: Type.String({ description: "The use case's lines of the checklist (OSLOC language)" }),
      obligation_json: Type.String({ description: 'The same as JSON: [{keyword, text, children}]' }),
    }),
  ),
}

/** The OSADL block of license details (the `OSADL` message of scanoss-licenses.proto), docs/licenses.md "OSADL". */
export const OsadlSchema = Type.Object(OsadlFields)

/** The answer of /v2/licenses/obligations: the OSADL block, or empty lists with NO_INFO when OSADL has nothing. */
export const ObligationsSchema = Type.Object({ ...OsadlFields, ...OutcomeFields })

export const LicenseIdQuerySchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 256, description: 'SPDX license id (case-insensitive)' }),
})
