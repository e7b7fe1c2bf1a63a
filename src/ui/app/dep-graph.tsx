// The dependency graph drawn by Cytoscape.js, loaded (as its own chunk) when a component page shows dependencies:
// a node per version, an edge from each to the version it was first reached from, vulnerable nodes red, copyleft
// ones outlined. The tree beside it lists the same nodes for keyboards and screen readers.
import { useEffect, useRef } from 'preact/hooks'

export interface GraphNode {
  id: string
  label: string
  parent: string
  vulnerable: boolean
  copyleft: boolean
}

export function DepGraph({ root, nodes }: { root: string; nodes: GraphNode[] }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    let graph: { destroy(): void } | undefined
    let live = true
    void import('cytoscape').then(({ default: cytoscape }) => {
      if (!live || !box.current?.isConnected) return
      const ids = new Set([root, ...nodes.map((n) => n.id)])
      graph = cytoscape({
        container: box.current,
        elements: [
          { data: { id: root, label: root, kind: 'root' } },
          ...nodes.map((n) => ({
            data: { id: n.id, label: n.label, kind: n.vulnerable ? 'vulnerable' : 'ok', copyleft: n.copyleft ? 1 : 0 },
          })),
          // an edge from the version each was first reached from (a dependent the walk did not list: from the root)
          ...nodes.map((n) => {
            const source = ids.has(n.parent) ? n.parent : root
            return { data: { id: `${source}->${n.id}`, source, target: n.id } }
          }),
        ],
        layout: { name: 'breadthfirst', directed: true, roots: [root], spacingFactor: 0.9 },
        style: [
          {
            selector: 'node',
            style: {
              label: 'data(label)',
              'font-size': 9,
              'background-color': '#0550ae',
              width: 14,
              height: 14,
              color: '#1b1f24',
            },
          },
          { selector: 'node[kind = "root"]', style: { 'background-color': '#1b1f24', width: 20, height: 20 } },
          { selector: 'node[kind = "vulnerable"]', style: { 'background-color': '#a40e26' } },
          { selector: 'node[copyleft = 1]', style: { 'border-width': 3, 'border-color': '#7d4e00' } },
          { selector: 'edge', style: { width: 1, 'line-color': '#8c959f', 'curve-style': 'bezier' } },
        ],
        userZoomingEnabled: true,
        boxSelectionEnabled: false,
      })
    })
    return () => {
      live = false
      graph?.destroy()
    }
  }, [root, nodes.map((n) => n.id).join(' ')])
  const vulnerable = nodes.filter((n) => n.vulnerable).length
  const copyleft = nodes.filter((n) => n.copyleft).length
  return (
    <div
      ref={box}
      class="graph"
      role="img"
      aria-label={`Dependency graph of ${root}: ${nodes.length} dependencies, ${vulnerable} vulnerable, ${copyleft} copyleft`}
    />
  )
}
