// Request and reply schemas of the dependencies area: the manifest files form (POST /v2/dependencies/dependencies)
// and the transitive walk (POST /v2/dependencies/transitive/components); docs/dependencies.md.
import { Type } from 'typebox'
import { DEFAULT_DEPTH, DEFAULT_LIMIT, MAX_DEPTH, MAX_LIMIT } from '../../domain/dependencies/types.ts'
import { ComponentRefSchema, OutcomeFields } from './components.ts'

export const DependencyFilesRequestSchema = Type.Object({
  files: Type.Array(
    Type.Object({
      file: Type.String({ maxLength: 4096, description: 'the manifest path, echoed' }),
      purls: Type.Array(ComponentRefSchema, { description: 'a purl @version overrides its requirement' }),
    }),
    { description: 'Manifest files; at most MAX_BATCH_SIZE purls (default 1000) across all of them' },
  ),
  depth: Type.Optional(Type.Integer({ description: 'accepted for compatibility (scanoss-py sends 1) and ignored' })),
})

const DependencyLicense = Type.Object({
  name: Type.String(),
  spdx_id: Type.String(),
  is_spdx_approved: Type.Boolean(),
  url: Type.String(),
})

const FileDependency = Type.Object({
  component: Type.String({ description: 'the package name' }),
  purl: Type.String({ description: 'the purl as sent: without @version when the component is known' }),
  version: Type.String({ description: "the version whose data is shown; '' when none" }),
  licenses: Type.Array(DependencyLicense),
  url: Type.String({ description: "the package's page; '' when the KB does not know it" }),
  comment: Type.String(),
  requirement: Type.String({ description: "the requirement in force: the purl's @version, else the one sent" }),
  ...OutcomeFields,
})

export const DependencyFilesReplySchema = Type.Object({
  files: Type.Array(
    Type.Object({
      file: Type.String(),
      id: Type.String({ description: 'always "dependency"' }),
      status: Type.String({ description: 'always "pending", as the original service answers' }),
      dependencies: Type.Array(FileDependency),
    }),
  ),
  status: Type.Ref('Status'),
})

export const TransitiveRequestSchema = Type.Object({
  depth: Type.Optional(
    Type.Integer({
      minimum: 0,
      description: `levels of dependencies to follow (0 or absent: ${DEFAULT_DEPTH}; at most ${MAX_DEPTH})`,
    }),
  ),
  limit: Type.Optional(
    Type.Integer({
      minimum: 0,
      description: `dependencies to return (0 or absent: ${DEFAULT_LIMIT}; at most ${MAX_LIMIT})`,
    }),
  ),
  components: Type.Array(ComponentRefSchema, {
    description: 'Components of one ecosystem (npm); at most MAX_BATCH_SIZE (default 1000)',
  }),
})

const TransitiveDependency = Type.Object({
  purl: Type.String({ description: 'the package, without version' }),
  version: Type.String({ description: "the version the requirement installs; '' when unresolved or not followed" }),
  requirement: Type.String({ description: 'the requirement as the dependent declared it' }),
  depth: Type.Integer({ description: "compintel's addition: 1 for a direct dependency of an input, 2 for theirs, …" }),
  dependent: Type.String({
    description:
      "compintel's addition: the version (purl@version) it was first reached from; each version is listed once, " +
      'under its first dependent, so the list is a tree',
  }),
})

export const TransitiveReplySchema = Type.Object({
  dependencies: Type.Array(TransitiveDependency),
  status: Type.Ref('Status'),
})
