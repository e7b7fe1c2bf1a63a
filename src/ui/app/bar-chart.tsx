// A bar chart drawn by Chart.js, loaded (as its own chunk) the first time a page draws one: the first page does not
// carry it. The canvas is an image to assistive technology, named by `label`; each page keeps the numbers in a
// table or list beside it.
import { useEffect, useRef } from 'preact/hooks'

export interface Bars {
  labels: string[]
  values: number[]
  colors: string[]
  /** What the chart shows, for screen readers. */
  label: string
  /** The unit of a bar's value, in its tooltip. */
  unit: string
  horizontal?: boolean
  /** Counts: whole-number ticks. */
  integer?: boolean
}

export function BarChart(props: Bars) {
  const canvas = useRef<HTMLCanvasElement>(null)
  useEffect(() => {
    let chart: { destroy(): void } | undefined
    let live = true
    void import('./chart-setup.ts').then(({ Chart }) => {
      if (!live || !canvas.current) return
      chart = new Chart(canvas.current, {
        type: 'bar',
        data: {
          labels: props.labels,
          datasets: [{ data: props.values, backgroundColor: props.colors, label: props.unit }],
        },
        options: {
          indexAxis: props.horizontal ? 'y' : 'x',
          animation: false,
          maintainAspectRatio: false,
          plugins: { tooltip: { callbacks: { label: (c) => `${c.formattedValue} ${props.unit}` } } },
          scales: {
            [props.horizontal ? 'x' : 'y']: { beginAtZero: true, ticks: props.integer ? { precision: 0 } : {} },
          },
        },
      })
    })
    return () => {
      live = false
      chart?.destroy()
    }
  }, [props.labels.join('\u0000'), props.values.join(','), props.colors.join(',')])
  const height = props.horizontal ? Math.max(120, props.labels.length * 26) : 220
  return (
    <div class="chart" style={{ height: `${height}px` }}>
      <canvas ref={canvas} role="img" aria-label={props.label} />
    </div>
  )
}
