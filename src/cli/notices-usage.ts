// The `notices` line of the CLI usage, apart from the command so that printing usage loads nothing else.
export const NOTICES_USAGE =
  'notices <lock file|requirements*.txt|bom.cdx.json> [--out FILE]   one third-party notices file for a project\n' +
  '                             (package-lock.json, Cargo.lock, Cargo.toml, poetry.lock, uv.lock, pyproject.toml,\n' +
  '                             pom.xml, gradle.lockfile)'
