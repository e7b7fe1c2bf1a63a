// Fails when a module of src/ imports itself through others (an import cycle, type-only imports included): npm test
// runs it beside the layer rules (docs/architecture.md "Imports run one way"). Prints each cycle's imports.
//   node --import ./bin/register-ts.js scripts/import-cycles.ts [dir]
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

const root = process.argv[2] ?? 'src'
const graph = new Map<string, string[]>()
for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
  const file = path.join(entry.parentPath, entry.name)
  if (!entry.isFile() || !/\.tsx?$/.test(file) || /\.test(-helper)?\.ts$/.test(file)) continue
  const text = readFileSync(file, 'utf8')
  const targets = [...text.matchAll(/^(?:import|export)\b[^'"]*?\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/gm)]
  graph.set(
    file,
    targets.map((m) => path.join(path.dirname(file), m[1] as string)),
  )
}

// Tarjan's strongly connected components: every component of more than one module is a cycle
const index = new Map<string, number>()
const low = new Map<string, number>()
const stack: string[] = []
const onStack = new Set<string>()
const cycles: string[][] = []
const visit = (v: string): void => {
  index.set(v, index.size)
  low.set(v, index.get(v) as number)
  stack.push(v)
  onStack.add(v)
  for (const w of graph.get(v) ?? []) {
    if (!graph.has(w)) continue
    if (!index.has(w)) {
      visit(w)
      low.set(v, Math.min(low.get(v) as number, low.get(w) as number))
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number))
  }
  if (low.get(v) !== index.get(v)) return
  const component: string[] = []
  let w: string | undefined
  do {
    w = stack.pop() as string
    onStack.delete(w)
    component.push(w)
  } while (w !== v)
  if (component.length > 1) cycles.push(component)
}
for (const v of graph.keys()) if (!index.has(v)) visit(v)

for (const cycle of cycles) {
  const members = new Set(cycle)
  console.error(`import cycle among ${cycle.length} modules:`)
  for (const v of cycle) for (const w of graph.get(v) ?? []) if (members.has(w)) console.error(`  ${v} → ${w}`)
}
if (cycles.length > 0) process.exit(1)
console.log(`no import cycle among the ${graph.size} modules of ${root}/`)
