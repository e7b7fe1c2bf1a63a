// Entry of an analysis thread: a worker thread starts without the TypeScript loader, so it registers tsx (as
// bin/compintel.js does for the process) before loading the thread's module.
import { register } from 'tsx/esm/api'

register()
await import('./analysis-thread.ts')
