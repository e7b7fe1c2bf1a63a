// The Debian packages installed on this machine (its dpkg database, through dpkg-query) as the purls a container scan
// reports for them: the Debian benches' input (debian-installed.ts, rss-over-time.ts).
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

/** This machine's Debian release number (12 for bookworm), from /etc/os-release. */
export const RELEASE = /^VERSION_ID="?(\d+)/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] ?? '12'

export function installedPurls(): string[] {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's own field syntax, not a template
  const lines = execFileSync('dpkg-query', ['-W', '-f', '${Package} ${Version} ${Architecture}\\n'], {
    encoding: 'utf8',
  })
  return lines
    .trim()
    .split('\n')
    .map((l) => l.split(' '))
    .map(([n, v, a]) => `pkg:deb/debian/${n?.split(':')[0]}@${v}?arch=${a}&distro=debian-${RELEASE}`)
}
