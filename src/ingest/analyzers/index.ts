// The analyzers every npm tarball is streamed through, in order (the file list comes from the walk itself).
import { codeStatsAnalyzer } from './code-stats.ts'
import { cryptoAnalyzer } from './crypto.ts'
import { folderHashAnalyzer } from './folder-hash.ts'
import { licenseFilesAnalyzer } from './license-files.ts'
import { noticesAnalyzer } from './notices.ts'
import { semgrepAnalyzer } from './semgrep.ts'
import { snippetsAnalyzer } from './snippets.ts'
import type { Analyzer } from './types.ts'

export const DEFAULT_ANALYZERS: readonly Analyzer<unknown>[] = [
  codeStatsAnalyzer,
  licenseFilesAnalyzer,
  cryptoAnalyzer,
  folderHashAnalyzer,
  semgrepAnalyzer,
  noticesAnalyzer,
  snippetsAnalyzer,
]
