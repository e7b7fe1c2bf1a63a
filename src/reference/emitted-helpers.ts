// The emitted-helper texts that ship with compintel (data/emitted-helpers, written by
// scripts/build-emitted-helpers.ts): one file per tool, each text after a `//@ <label>` line. Read once, for the
// scan's emitted-helper noise (domain/scanning/emitted-helpers.ts).
import { readdir, readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { EmittedHelperTexts } from '../domain/scanning/emitted-helpers.ts'

const DIR = fileURLToPath(new URL('../../data/emitted-helpers/', import.meta.url))

/** Every text of data/emitted-helpers/*.js, the labels left out. */
export const readEmittedHelpers: EmittedHelperTexts = async () => {
  const files = (await readdir(DIR)).filter((f) => f.endsWith('.js')).sort()
  const out: string[] = []
  for (const f of files)
    for (const text of (await readFile(`${DIR}${f}`, 'utf8')).split(/^\/\/@ .*\n/m)) if (text.trim()) out.push(text)
  return out
}
