// The `sbom` lines of the CLI usage, apart from the command so that printing usage loads nothing else.
export const SBOM_USAGE = `sbom enrich <file|-> [--format cyclonedx-1.6|cyclonedx-1.7|spdx-2.3] [--out FILE] [--url URL] [--key KEY]
                             enrich an SBOM (CycloneDX, SPDX 2.3, purls, or a lockfile as sbom from reads it)
                             from this configuration's KB, or through POST /v2/sbom/enrich of the server at URL (key
                             default: COMPINTEL_API_KEY)
  sbom from <lockfile> [--out FILE]   a CycloneDX 1.6 BOM of the project a lockfile describes (package-lock.json,
                             Cargo.lock, Cargo.toml, poetry.lock, uv.lock, pyproject.toml, requirements*.txt,
                             pom.xml, gradle.lockfile)
  sbom check --policy FILE [--vex FILE]... [--url URL] [--key KEY] [--json] <file|->
                             a policy's verdict on an SBOM (docs/policy.md): the violations, exit 1 when it fails`
