// Test helper: the entries of a .tar.gz (ustar), enough to check the layout of ruleset archives (src/rules/release/tar.ts).
export { type ReadEntry, readTarGz } from '../../src/rules/release/tar.ts'
