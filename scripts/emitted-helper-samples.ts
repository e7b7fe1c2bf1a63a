// The sample sources and the helper-preamble cut of scripts/build-emitted-helpers.ts, and its esbuild part: samples
// whose own code is trivial, compiled or bundled by the real tools, of whose output only the helpers are kept.
import * as esbuild from 'esbuild'
import ts from 'typescript'

/** Sample sources whose own code is trivial and uses one or a few helpers each (tsc and esbuild). */
export const SAMPLES: Record<string, string> = {
  classes: 'class A { m() { return 1 } }\nexport class B extends A { n = 2; m() { return super.m() } }',
  async: 'export async function f(p: Promise<number>) { return await p }',
  generator: 'export function* g() { yield 1 }',
  asyncGenerator:
    'export async function* h() { yield await Promise.resolve(1) }\nexport async function k(a: AsyncIterable<number>) { for await (const x of a) return x }',
  spread: 'export function s(a: number[], o: object) { return { ...o, a: [...a, ...a], f: Math.max(...a) } }',
  rest: 'export function r({ a, ...b }: { a: number; b: number }, ...c: number[]) { return [a, b, c] }',
  forOf: 'export function v(a: Iterable<number>) { let t = 0; for (const x of a) t += x; return t }',
  destructuring: 'export function d(a: Iterable<number>) { const [x, y] = a; return x + y }',
  decorators: 'declare const dec: any\nexport class C { @dec m(@dec a: string) { return a } }',
  esDecorators: 'declare const dec: any\n@dec export class E { @dec m() { return 1 } @dec accessor x = 1 }',
  privateFields: 'export class P { #a = 1; static #b = 2; #m() { return this.#a } get() { return this.#m() + P.#b } }',
  importStar: "import * as fs from 'fs'\nexport const rf = fs.readFileSync",
  importDefault: "import path from 'path'\nexport const j = path.join",
  exportStar: "export * from './a'\nexport * as b from './b'",
  exportFrom: "export { x } from './a'\nexport { default as y } from './b'",
  dynamicImport: "export const m = () => import('./a')",
  templateObject: 'declare const tag: any\nexport const t = tag`a`',
  assign: 'export const o = Object.assign({}, { a: 1 }); export const p = { ...o }',
  using: 'export function u(d: Disposable) { using x = d; return x }',
  rewriteExt: "export const q = import('./a.ts')",
}

/**
 * The helper preambles of a file: each run of consecutive statements that declare only `__`-prefixed names (tsc's
 * `var __awaiter = (this && this.__awaiter) || …`, esbuild's `var __defProp = Object.defineProperty;`), at any depth
 * (an iife bundle has them inside its function), as the source text from the run's first statement to its last.
 */
export function preambles(code: string): string[] {
  const file = ts.createSourceFile('x.js', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS)
  const out: string[] = []
  const isHelper = (s: ts.Node) =>
    ts.isVariableStatement(s) &&
    s.declarationList.declarations.every((d) => ts.isIdentifier(d.name) && d.name.text.startsWith('__'))
  const visitList = (list: readonly ts.Node[]) => {
    let run: ts.Node[] = []
    const flush = () => {
      const [first, last] = [run[0], run.at(-1)]
      if (first && last) out.push(code.slice(first.getStart(file), last.end))
      run = []
    }
    for (const s of list) {
      if (isHelper(s)) run.push(s)
      else {
        flush()
        visit(s)
      }
    }
    flush()
  }
  const visit = (node: ts.Node): void => {
    if (ts.isBlock(node) || ts.isSourceFile(node)) visitList(node.statements)
    else ts.forEachChild(node, visit)
  }
  visit(file)
  return out
}

/** esbuild's runtime: samples that import CommonJS and ESM modules, bundled for each format and target. */
export async function esbuildTexts(): Promise<Map<string, string>> {
  const modules: Record<string, string> = {
    'cjs.js': 'module.exports = { a: 1 }',
    'esm.ts': 'export const b = 2\nexport default function c() { return 3 }',
    'lazy.ts': 'export const l = 4',
  }
  const entries: Record<string, string> = {
    interop: "import c, { b } from './esm.ts'\nimport cjs from './cjs.js'\nexport { b, c, cjs }",
    require: "const cjs = require('./cjs.js')\nexport const r = () => require('./esm.ts')\nexport { cjs }",
    lazy: "export const z = () => import('./lazy.ts')\nexport * from './esm.ts'",
    ...Object.fromEntries(Object.entries(SAMPLES).filter(([n]) => !/import|export|rewrite|decorators/i.test(n))),
  }
  const out = new Map<string, string>()
  for (const [name, contents] of Object.entries(entries))
    for (const format of ['cjs', 'esm', 'iife'] as const)
      for (const target of ['es2015', 'es2020']) {
        const result = await esbuild.build({
          stdin: { contents, loader: 'ts', resolveDir: '/', sourcefile: 'entry.ts' },
          bundle: true,
          write: false,
          format,
          target,
          platform: 'neutral',
          logLevel: 'silent',
          plugins: [
            {
              name: 'samples',
              setup(build) {
                build.onResolve({ filter: /^\.\// }, (a) => ({ path: a.path.slice(2), namespace: 'samples' }))
                build.onLoad({ filter: /.*/, namespace: 'samples' }, (a) => ({
                  contents: modules[a.path] ?? '',
                  loader: a.path.endsWith('.js') ? 'js' : 'ts',
                }))
              },
            },
          ],
        })
        for (const file of result.outputFiles)
          for (const text of preambles(file.text)) out.set(text, `${name} ${format} ${target}`)
      }
  return out
}
