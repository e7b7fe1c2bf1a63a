// Code compilers and bundlers emit into the packages they build (docs/scanning.md "Emitted helpers"): tsc's
// `__awaiter` / `__generator` / `__extends` / `__importStar` …, tslib, esbuild's `__toESM` / `__commonJS` runtime,
// Babel's `_interopRequireDefault` …. A file whose only shared code is such a preamble was "a snippet of" whichever
// package held the same helpers; widespread.ts finds most of it from the index, but helpers a small KB holds in few
// components (tsc's ES5 helper combinations) got through. The helper texts, produced from the real tools by
// scripts/build-emitted-helpers.ts and shipped in data/emitted-helpers, come in through a loader (the domain reads no
// file); every value a fingerprint of them can take (all grams, as license-noise.ts: winnowing keeps a different few
// of a preamble's grams in each file, depending on the code around it) is left out of snippet matching.
import { possibleFingerprints } from './winnowing.ts'

/** The helper texts, each one preamble or helper as a tool emits it. */
export type EmittedHelperTexts = () => Promise<readonly string[]>

const computed = new WeakMap<EmittedHelperTexts, Promise<Set<number>>>()

/**
 * The fingerprint values of the emitted helpers' texts, computed once per loader on first use, one text per turn of
 * the event loop, so no request waits behind more than one.
 */
export function emittedHelperNoise(texts: EmittedHelperTexts): Promise<Set<number>> {
  let noise = computed.get(texts)
  if (!noise) {
    noise = (async () => {
      const out = new Set<number>()
      for (const text of await texts()) {
        await new Promise((resolve) => setImmediate(resolve))
        for (const h of possibleFingerprints(Buffer.from(text))) out.add(h)
      }
      return out
    })()
    computed.set(texts, noise)
  }
  return noise
}
