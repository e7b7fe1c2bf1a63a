// pip.conf as pip reads it: Python's configparser (RawConfigParser) with its defaults. `[section]` headers, `key =
// value` or `key: value`, whole-line comments starting with `#` or `;`, a value continued on indented lines (pip's
// multi-valued options, such as extra-index-url, one per line), keys lower-cased with `_` read as `-` as pip
// normalises them.

/** section → key → value (a continued value's lines joined with "\n"). */
export type PipIni = Map<string, Map<string, string>>

export function parsePipIni(text: string, where: string): PipIni {
  const out: PipIni = new Map()
  let section: Map<string, string> | undefined
  let last: string | undefined
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.replace(/\s+$/, '')
    if (/^\s*([#;].*)?$/.test(line)) {
      last = undefined // configparser: a blank or comment line ends a continued value (empty_lines_in_values aside)
      continue
    }
    if (/^\s/.test(line) && section && last !== undefined) {
      section.set(last, `${section.get(last) ?? ''}\n${line.trim()}`.replace(/^\n/, ''))
      continue
    }
    const header = /^\[([^\]]+)\]$/.exec(line)
    if (header) {
      const name = (header[1] as string).trim()
      section = out.get(name) ?? new Map()
      out.set(name, section)
      last = undefined
      continue
    }
    const kv = /^([^=:]+?)\s*[=:]\s*(.*)$/.exec(line)
    if (!kv || !section) throw new Error(`${where}, line ${i + 1}: not a section header nor a key = value line`)
    last = (kv[1] as string).toLowerCase().replace(/_/g, '-')
    section.set(last, kv[2] as string)
  }
  return out
}
