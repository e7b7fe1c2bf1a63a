// Which rule language a source file is, from its extension (Semgrep language names).

const BY_EXTENSION: Readonly<Record<string, string>> = {
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'typescript',
  py: 'python',
  java: 'java',
  go: 'go',
  c: 'c',
  h: 'c',
  cc: 'cpp',
  cpp: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  hh: 'cpp',
  hxx: 'cpp',
  cs: 'csharp',
  php: 'php',
  rb: 'ruby',
  rs: 'rust',
  kt: 'kotlin',
  kts: 'kotlin',
  scala: 'scala',
  swift: 'swift',
}

export interface FileLanguage {
  language: string
  /** Parse with the TSX grammar (.tsx; .jsx parses as JavaScript, whose grammar has JSX). */
  tsx: boolean
}

export function languageOfPath(filePath: string): FileLanguage | undefined {
  const dot = filePath.lastIndexOf('.')
  if (dot < 0 || dot < filePath.lastIndexOf('/')) return undefined
  const ext = filePath.slice(dot + 1).toLowerCase()
  const language = BY_EXTENSION[ext]
  return language ? { language, tsx: ext === 'tsx' } : undefined
}
