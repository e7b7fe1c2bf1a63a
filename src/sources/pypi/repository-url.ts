// A distribution's source repository, read one way from a wheel's or egg's metadata (map-pypi.ts, from Debian) and
// from an index's JSON (registry/map-pypi-json.ts): the Project-URL its author labels as one (`Source`,
// `Source Code`, `Repository`, `Code`, `GitHub`, `GitLab`), else its home page when that is a repository on a code
// host whose repositories have purl types (`https://<host>/<owner>/<name>`: GitHub, GitLab, Bitbucket), as many
// distributions written before Project-URL name it only there (idna's `Home-page`). Null when neither is.
import { parseRepository } from '../npm/repository.ts'

const LABEL = /^(source|source code|repository|code|github|gitlab)$/i

export function repositoryUrl(
  labelled: readonly { label: string; url: string }[],
  homepage: string | null,
): string | null {
  const named = labelled.find((u) => LABEL.test(u.label.trim()))?.url
  if (named) return named
  const repo = homepage ? parseRepository(homepage) : null
  return repo?.purl && /^https?:\/\//i.test(homepage ?? '') ? repo.url : null
}
