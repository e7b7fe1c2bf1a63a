// A distribution's requirements as Requires-Dist lines (PEP 508; the domain's pep508Dependencies makes them the KB's
// dependencies). An egg-info directory keeps them apart from PKG-INFO, in setuptools' `requires.txt`: the
// unconditional requirements first, then a section per extra and/or environment marker (`[socks]`, `[:python_version < "3.8"]`, `[test:sys_platform == "win32"]`);
// they are written here as the Requires-Dist lines a wheel of the same project would carry.

const MAX_LINES = 2000

/** setuptools' requires.txt as Requires-Dist lines. */
export function requiresTxtToRequiresDist(text: string): string[] {
  const out: string[] = []
  let marker = ''
  for (const raw of text.split(/\r?\n/).slice(0, MAX_LINES)) {
    const line = raw.trim()
    if (line === '' || line.startsWith('#')) continue
    const section = /^\[([^\]:]*)(?::(.*))?\]$/.exec(line)
    if (section) {
      const extra = (section[1] ?? '').trim()
      const env = (section[2] ?? '').trim()
      const onExtra = extra ? `extra == "${extra}"` : ''
      marker = env && onExtra ? `(${env}) and ${onExtra}` : env || onExtra
      continue
    }
    out.push(marker ? `${line}; ${marker}` : line)
  }
  return out
}
