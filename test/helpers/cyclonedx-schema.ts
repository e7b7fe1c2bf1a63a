// Test helper: the official CycloneDX JSON schema check the server runs on BOMs it is sent (src/reference/cyclonedx-schema.ts),
// for the tests to validate every BOM compintel writes.
export { cycloneDxErrors } from '../../src/reference/cyclonedx-schema.ts'
