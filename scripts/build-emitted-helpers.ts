// Writes data/emitted-helpers/ (docs/scanning.md "Emitted helpers"): the helper code compilers and bundlers emit into
// the packages they build, taken from the real tools: TypeScript (the devDependency, and the earlier releases of
// --typescript, fetched with `npm pack`: samples compiled for ES5, ES2015, ES2017 and ES2020, CommonJS and ESNext,
// helpers inlined), tslib's own files (`npm pack`), esbuild's runtime (samples bundled as cjs, esm and iife for es2015
// and es2020) and Babel's helpers (@babel/runtime's helpers/esm, `npm pack`, as Babel inlines them). Only the helpers
// are kept: the samples' own code is trivial and cut away (every run of `var __x = …` statements is a helper
// preamble). Each text is written after a `//@ <label>` line.
//   node --import ./bin/register-ts.js scripts/build-emitted-helpers.ts [--out data/emitted-helpers]
//     [--typescript 3.9.10,4.4.4,4.9.5] [--tslib 2] [--babel 7]
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import * as esbuild from 'esbuild'
import ts from 'typescript'
import { esbuildTexts, preambles, SAMPLES } from './emitted-helper-samples.ts'

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: fileURLToPath(new URL('../data/emitted-helpers/', import.meta.url)) },
    babel: { type: 'string', default: '7' },
    tslib: { type: 'string', default: '2' },
    /** Earlier TypeScript releases whose helpers differ (`__generator`, `__createBinding`, `__spreadArray` …). */
    typescript: { type: 'string', default: '3.9.10,4.4.4,4.9.5' },
  },
})

const TARGETS = ['ES5', 'ES2015', 'ES2017', 'ES2020'] as const
const MODULES = ['CommonJS', 'ESNext'] as const

/** Every helper preamble `tsc` (this TypeScript module) writes for the samples, by target, module and options. */
function typescriptTexts(tsc: typeof ts, out: Map<string, string>): void {
  const names = Object.keys(SAMPLES)
  // each sample alone, and all of them in one file (the helpers side by side, in tsc's order)
  const sources: [string, string][] = [...names.map((n) => [n, SAMPLES[n] as string] as [string, string])]
  sources.push(['all', allInOne()])
  for (const [name, source] of sources)
    for (const target of TARGETS)
      for (const module of MODULES)
        for (const esModuleInterop of [true, false])
          for (const experimentalDecorators of name === 'esDecorators' ? [false] : [true, false]) {
            const { outputText } = tsc.transpileModule(source, {
              compilerOptions: {
                target: tsc.ScriptTarget[target],
                module: tsc.ModuleKind[module],
                esModuleInterop,
                experimentalDecorators,
                emitDecoratorMetadata: experimentalDecorators,
                importHelpers: false,
                downlevelIteration: true,
              },
              reportDiagnostics: false,
            })
            for (const text of preambles(outputText)) out.set(text, `${tsc.version} ${name} ${target} ${module}`)
          }
}

/** Every sample in one file (their exports renamed apart), so that tsc writes all their helpers together. */
function allInOne(): string {
  return Object.entries(SAMPLES)
    .filter(([n]) => n !== 'esDecorators' && n !== 'decorators')
    .map(([, s]) => s)
    .join('\n')
}

/** tslib's own files (the helpers a package imports with `importHelpers`, or bundles), fetched with `npm pack`. */
function tslibTexts(tmp: string): { texts: Map<string, string>; version: string; dir: string } {
  const packed = unpacked(`tslib@${values.tslib}`, tmp)
  const texts = new Map<string, string>()
  for (const f of ['tslib.js', 'tslib.es6.mjs']) texts.set(readFileSync(path.join(packed.dir, f), 'utf8'), `tslib/${f}`)
  return { texts, ...packed }
}

/** A package fetched with `npm pack` (your npm configuration's registry) and unpacked into `tmp`/<spec>. */
function unpacked(spec: string, tmp: string): { dir: string; version: string } {
  const into = path.join(tmp, spec.replace(/[^\w.-]/g, '_'))
  mkdirSync(into)
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  const args = ['pack', spec, '--json', '--pack-destination', into]
  const [packed] = JSON.parse(execFileSync(npm, args, { encoding: 'utf8' })) as { filename: string; version: string }[]
  if (!packed) throw new Error(`npm pack ${spec} wrote nothing`)
  execFileSync('tar', ['-xzf', path.join(into, packed.filename), '-C', into])
  return { dir: path.join(into, 'package'), version: packed.version }
}

/** Babel's helpers as it inlines them: @babel/runtime's helpers/esm files without their import and export lines. */
function babelTexts(tmp: string): { texts: Map<string, string>; version: string; dir: string } {
  const packed = unpacked(`@babel/runtime@${values.babel}`, tmp)
  const dir = path.join(packed.dir, 'helpers', 'esm')
  const texts = new Map<string, string>()
  for (const f of readdirSync(dir).sort()) {
    if (!f.endsWith('.js')) continue
    const text = readFileSync(path.join(dir, f), 'utf8')
      .split('\n')
      .filter((l) => !/^(import|export)\b/.test(l))
      .join('\n')
      .trim()
    if (text) texts.set(text, `@babel/runtime/helpers/esm/${f}`)
  }
  return { texts, ...packed }
}

/** Writes the texts after their labels, but none held whole by another (its fingerprints are that one's). */
function write(file: string, texts: Map<string, string>): void {
  const all = [...texts.keys()]
  const kept = [...texts].filter(([text]) => !all.some((other) => other !== text && other.includes(text)))
  const body = kept.map(([text, label]) => `//@ ${label}\n${text.trim()}\n`).join('')
  writeFileSync(path.join(values.out, file), body)
  console.log(`${file}: ${kept.length} texts, ${body.length} bytes`)
}

const require = createRequire(import.meta.url)
mkdirSync(values.out, { recursive: true })
const tmp = mkdtempSync(path.join(tmpdir(), 'emitted-helpers-'))
try {
  const typescript = new Map<string, string>()
  const versions = [ts.version]
  typescriptTexts(ts, typescript)
  for (const v of values.typescript.split(',').filter(Boolean)) {
    const packed = unpacked(`typescript@${v}`, tmp)
    typescriptTexts(createRequire(path.join(packed.dir, 'package.json'))('./lib/typescript.js'), typescript)
    versions.push(packed.version)
  }
  write('typescript.js', typescript)
  const tslib = tslibTexts(tmp)
  write('tslib.js', tslib.texts)
  write('esbuild.js', await esbuildTexts())
  const babel = babelTexts(tmp)
  write('babel.js', babel.texts)
  const licenses: [string, string][] = [
    [`TypeScript ${ts.version}`, path.join(path.dirname(require.resolve('typescript/package.json')), 'LICENSE.txt')],
    [`tslib ${tslib.version}`, path.join(tslib.dir, 'LICENSE.txt')],
    [`esbuild ${esbuild.version}`, path.join(path.dirname(require.resolve('esbuild/package.json')), 'LICENSE.md')],
    [`@babel/runtime ${babel.version}`, path.join(babel.dir, 'LICENSE')],
  ]
  const notices = licenses.map(([tool, file]) => `==== ${tool}\n\n${readFileSync(file, 'utf8').trim()}\n`)
  writeFileSync(path.join(values.out, 'LICENSES.txt'), notices.join('\n'))
  console.log(
    `typescript ${versions.join(', ')}; tslib ${tslib.version}; esbuild ${esbuild.version}; ` +
      `@babel/runtime ${babel.version}`,
  )
} finally {
  rmSync(tmp, { recursive: true, force: true })
}
