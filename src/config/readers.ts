// The readers every part of the configuration parses its settings with (config/config.ts and its config-*.ts parts).

export type Source = Record<string, string | undefined>

/** Integer and boolean readers of settings; each bad value is added to `problems`, named and explained. */
export function settingReaders(src: Source, problems: string[]) {
  const int = (name: string, def: number, min: number, max = Number.MAX_SAFE_INTEGER): number => {
    const raw = src[name]
    if (raw === undefined) return def
    const n = Number(raw)
    if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
      problems.push(`${name}: expected an integer from ${min} to ${max}, got "${raw}"`)
      return def
    }
    return n
  }
  const bool = (name: string, def: boolean): boolean => {
    const raw = src[name]?.toLowerCase()
    if (raw === undefined) return def
    if (['1', 'true', 'yes'].includes(raw)) return true
    if (['0', 'false', 'no'].includes(raw)) return false
    problems.push(`${name}: expected true or false, got "${src[name]}"`)
    return def
  }
  return { src, problems, int, bool }
}

export type SettingReaders = ReturnType<typeof settingReaders>
