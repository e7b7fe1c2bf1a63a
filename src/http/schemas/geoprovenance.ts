// The fields of the geoprovenance answers beside purl and the outcome fields (docs/geoprovenance.md).
import { Type } from 'typebox'

export const DeclaredLocationFields = {
  declared_locations: Type.Array(
    Type.Object({ type: Type.String({ description: 'owner or contributor' }), location: Type.String() }),
  ),
  curated_locations: Type.Array(Type.Object({ country: Type.String(), count: Type.Integer() })),
}

export const OriginFields = {
  locations: Type.Array(
    Type.Object({ name: Type.String({ description: 'ISO 3166-1 alpha-2' }), percentage: Type.Number() }),
  ),
  sources: Type.Array(
    Type.String({
      description:
        'what the offsets were recorded from: commit-timezones (the shipped data set), git (a clone), ' +
        "debian-changelog (a Debian source package's upload trailers)",
    }),
  ),
}
