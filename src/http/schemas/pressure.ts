// What /health reports of the server's load (plugins/pressure.ts takes the readings).
import { type Static, Type } from 'typebox'

const number = (description: string) => Type.Number({ description })
/** What /health reports (and `app.pressure()` returns). */
export const PressureReportSchema = Type.Object({
  shedding: Type.Boolean({ description: 'Whether requests other than /health, /ready and /metrics get 503 now' }),
  cause: Type.Union([Type.Literal('event-loop'), Type.Literal('heap'), Type.Literal('database'), Type.Null()], {
    description: 'Why load is shed, or null',
  }),
  event_loop_delay_ms: number('Mean event-loop delay over the last second'),
  heap_used_bytes: number('V8 heap in use'),
  heap_limit_bytes: number('V8 heap limit'),
  database: Type.Union([Type.Literal('ok'), Type.Literal('unreachable')], { description: 'The last KB ping' }),
  open_connections: number('Connections open now (MAX_CONNECTIONS caps them)'),
  body_bytes_in_flight: number('Request-body bytes held now (BODIES_IN_FLIGHT_MAX_MB caps them)'),
})
export type PressureReport = Static<typeof PressureReportSchema>
