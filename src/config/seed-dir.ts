// Where the seed KB that ships with compintel lives (data/seed in the package, whatever the working directory).
import { fileURLToPath } from 'node:url'

export const SEED_DIR = fileURLToPath(new URL('../../data/seed', import.meta.url))
