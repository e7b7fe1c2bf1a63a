// The transitive dependencies of the chosen version, as a tree and as a graph, each node marked when a known
// vulnerability affects it or its license is copyleft: three batches (the walk, then the vulnerabilities and the
// licenses of every version it reached).
import { post } from '../api.ts'
import { DepGraph, type GraphNode } from '../dep-graph.tsx'
import { useLoad } from '../load.ts'
import { Pending, Section } from '../parts.tsx'
import { componentHref } from '../router.ts'
import type { Ref } from './component-vulns.tsx'

interface Dep {
  purl: string
  version: string
  requirement: string
  depth: number
  dependent: string
}

/** The SPDX families the explorer marks as copyleft (weak and strong). */
const COPYLEFT = /^(A?GPL|LGPL|MPL|EPL|EUPL|CDDL|OSL|CECILL|CC-BY-SA|SSPL|RPL|QPL|Sleepycat)/

async function load(ref: Ref): Promise<{ root: string; nodes: (GraphNode & Dep)[] }> {
  const walk = await post<{ dependencies: Dep[] }>('/v2/dependencies/transitive/components', {
    components: [ref],
    limit: 500,
  })
  const deps = walk.dependencies
  const known = deps.filter((d) => d.version)
  const asked = { components: known.map((d) => ({ purl: `${d.purl}@${d.version}` })) }
  const [vulns, licenses] =
    known.length > 0
      ? await Promise.all([
          post<{ components: { vulnerabilities: unknown[] }[] }>('/v2/vulnerabilities/components', asked),
          post<{ components: { licenses: { id: string }[] }[] }>('/v2/licenses/components', asked),
        ])
      : [{ components: [] }, { components: [] }]
  const facts = new Map(
    known.map((d, i) => [
      `${d.purl}@${d.version}`,
      {
        vulnerable: (vulns.components[i]?.vulnerabilities.length ?? 0) > 0,
        copyleft: (licenses.components[i]?.licenses ?? []).some((l) => COPYLEFT.test(l.id)),
      },
    ]),
  )
  const root = deps[0]?.dependent ?? `${ref.purl}@${ref.requirement}`
  const nodes = deps.map((d) => {
    const id = d.version ? `${d.purl}@${d.version}` : `${d.purl} ${d.requirement}`
    const f = facts.get(id) ?? { vulnerable: false, copyleft: false }
    return { ...d, ...f, id, label: id.replace(/^pkg:[^/]+\//, ''), parent: d.dependent }
  })
  return { root, nodes }
}

export function Dependencies({ ref_ }: { ref_: Ref }) {
  const loaded = useLoad(() => load(ref_), [ref_.purl, ref_.requirement])
  const data = loaded.state === 'ok' ? loaded.data : undefined
  return (
    <Section
      title={`Transitive dependencies${data ? ` (${data.nodes.length})` : ''}`}
      id="deps"
      source="the dependencies the registry declares, each requirement resolved in the KB"
      wide
    >
      <Pending loaded={loaded} />
      {data && data.nodes.length === 0 && <p>No dependency.</p>}
      {data && data.nodes.length > 0 && (
        <>
          <p class="legend">
            <span class="mark vulnerable">vulnerable</span> <span class="mark copyleft">copyleft</span>
          </p>
          <DepGraph root={data.root} nodes={data.nodes} />
          <Tree parent={data.root} nodes={data.nodes} />
        </>
      )}
    </Section>
  )
}

function Tree({ parent, nodes }: { parent: string; nodes: (GraphNode & Dep)[] }) {
  const children = nodes.filter((n) => n.parent === parent)
  if (children.length === 0) return null
  return (
    <ul class="tree">
      {children.map((n) => (
        <li key={n.id}>
          {n.version ? (
            <a href={`${componentHref(n.purl)}?version=${encodeURIComponent(n.version)}`}>{n.label}</a>
          ) : (
            <span>
              {n.label} <span class="muted">(not resolved)</span>
            </span>
          )}
          {n.vulnerable && <span class="mark vulnerable">vulnerable</span>}
          {n.copyleft && <span class="mark copyleft">copyleft</span>}
          {n.version && <Tree parent={n.id} nodes={nodes} />}
        </li>
      ))}
    </ul>
  )
}
