// Keeps a table of every registered route (for 405 answers and for the test suites that walk all routes).
import type { App, RouteEntry } from '../types.ts'

export function registerRouteTable(app: App): void {
  const table: RouteEntry[] = []
  app.decorate('routeTable', table)
  app.addHook('onRoute', (r) => {
    const escaped = r.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+')
    for (const method of [r.method].flat()) {
      if (method === 'HEAD') continue
      // Read config lazily: onRoute hooks of child contexts (the docs UI) may still change it.
      table.push({
        method,
        url: r.url,
        pattern: new RegExp(`^${escaped}/?$`),
        get public() {
          return r.config?.public === true
        },
        get area() {
          return r.config?.area
        },
      })
    }
  })
}
