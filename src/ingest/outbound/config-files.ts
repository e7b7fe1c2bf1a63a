// The configuration files of package tools (pip.conf, netrc, Cargo's config.toml and credentials.toml, Maven's
// settings.xml), read the way the tools' own configuration readers are given them: a missing file is no
// configuration, a file over the bound is refused (a configuration file is small; a device or a huge file is a
// mistake, not a configuration); and the index URLs they name, checked the same way.
import { readFileSync, statSync } from 'node:fs'
import { PermanentError } from '../failure.ts'

/** The text of the file at `path`, or undefined when there is none. Tests give a map. */
export type ReadConfigFile = (path: string) => string | undefined

const MAX_CONFIG_BYTES = 1024 * 1024

export const readConfigFile: ReadConfigFile = (path) => {
  try {
    const st = statSync(path)
    if (!st.isFile()) return undefined
    if (st.size > MAX_CONFIG_BYTES)
      throw new PermanentError(`${path} is over ${MAX_CONFIG_BYTES} bytes: not read as a configuration file`)
    return readFileSync(path, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR')
      return undefined
    throw err
  }
}

/**
 * An index's or repository's URL from a configuration (`from` names where, for the message): an http(s) URL, else a
 * PermanentError; `kind` names what the tool reads (`indexes`, `sparse indexes`, `repositories`).
 */
export function configuredHttpUrl(raw: string, from: string, kind: string): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new PermanentError(`${from}: the ${kind === 'repositories' ? 'repository' : 'index'} URL is not a URL`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new PermanentError(`${from}: only http(s) ${kind} are read, not ${url.protocol}`)
  return url
}
