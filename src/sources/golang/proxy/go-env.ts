// The go command's environment as `go env` reads it (cmd/go/internal/cfg): a variable set to a non-empty value in the
// process environment, else the line `KEY=VALUE` of the go env file that `go env -w` writes. The file is `$GOENV`
// (`off`: none), else `os.UserConfigDir()/go/env` — on Unix `$XDG_CONFIG_HOME` when it is an absolute path, else
// `$HOME/.config`. A line counts when it has an `=` and starts with an upper-case letter, its value as written (no
// quoting, no trimming). `$GOROOT/go.env`, the Go distribution's own defaults (where the default proxy is named), is
// not read: compintel assumes no proxy.
import path from 'node:path'
import type { ReadConfigFile } from '../../../ingest/outbound/config-files.ts'

/** A getter of the go command's variables: the environment's non-empty value, else the go env file's. */
export type GoEnv = (key: string) => string

/** The go env file's path, or undefined when there is none (GOENV=off, or no home to find it in). */
export function goEnvFile(env: Record<string, string | undefined>): string | undefined {
  const goenv = env.GOENV
  if (goenv === 'off') return undefined
  if (goenv) return goenv
  const xdg = env.XDG_CONFIG_HOME
  const dir = xdg && path.isAbsolute(xdg) ? xdg : env.HOME ? path.join(env.HOME, '.config') : undefined
  return dir === undefined ? undefined : path.join(dir, 'go', 'env')
}

/** The variables of the go env file's text (later lines over earlier ones, as the go command reads them). */
export function parseGoEnvFile(text: string): Map<string, string> {
  const out = new Map<string, string>()
  for (const line of text.split('\n')) {
    const eq = line.indexOf('=')
    const first = line.charCodeAt(0)
    if (eq < 0 || first < 65 || first > 90) continue // no `=`, a comment, or not a variable's name
    out.set(line.slice(0, eq), line.slice(eq + 1))
  }
  return out
}

export function goEnvFrom(env: Record<string, string | undefined>, files: ReadConfigFile): GoEnv {
  const file = goEnvFile(env)
  const text = file === undefined ? undefined : files(file)
  const fromFile = text === undefined ? new Map<string, string>() : parseGoEnvFile(text)
  return (key) => {
    const v = env[key]
    return v !== undefined && v !== '' ? v : (fromFile.get(key) ?? '')
  }
}
