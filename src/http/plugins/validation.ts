// Request validation: query strings and path parameters are coerced from text (as grpc-gateway does), JSON bodies
// are not — `{"message": 5}` is a 400, never silently the string "5".
import { Ajv, type AnySchema } from 'ajv'
import formats from 'ajv-formats'
import type { App } from '../types.ts'

export function registerValidation(app: App, shared: AnySchema[]): void {
  const make = (coerceTypes: boolean | 'array') => {
    const ajv = new Ajv({ coerceTypes, useDefaults: true, removeAdditional: true, allErrors: false, strict: false })
    formats.default(ajv)
    for (const s of shared) ajv.addSchema(s)
    return ajv
  }
  const forBody = make(false)
  const forText = make('array')
  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === 'body' ? forBody.compile(schema as AnySchema) : forText.compile(schema as AnySchema),
  )
}
