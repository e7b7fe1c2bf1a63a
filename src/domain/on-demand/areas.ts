// How the answers whose shape is not one outcome tell what they lack (the others use byOutcome() in learn.ts).
import type { ComponentStatistics } from '../components/statistics.ts'
import type { ComponentStatus } from '../components/status.ts'
import { type Learnable, needOf } from './learn.ts'

/** Status: an unknown component or version is a metadata need (status comes from the registry's metadata only). */
export const STATUS_LEARNABLE: Learnable<ComponentStatus> = {
  need: (s) => {
    const c = s.componentStatus
    const o = 'outcome' in c ? c.outcome : s.versionStatus?.outcome
    return o && needOf(o) === 'metadata' ? 'metadata' : undefined
  },
  note: (s, say) => {
    const c = s.componentStatus
    if ('outcome' in c) return { ...s, componentStatus: { outcome: say(c.outcome) } }
    const v = s.versionStatus
    return v?.outcome ? { ...s, versionStatus: { ...v, outcome: say(v.outcome) } } : s
  },
}

/** Statistics (an analysis's): the wire has no message field, so the answer stays as it is (zeros). */
export const STATISTICS_LEARNABLE: Learnable<ComponentStatistics> = {
  need: (s) => (needOf(s.outcome) ? 'analysis' : undefined),
  note: (s) => s,
}
