// POST /v2/<area>/echo for every area (docs/api-behaviour.md "Echo"): `{message}` back as sent, to test connectivity
// and a key.
import { Type } from 'typebox'
import { AREAS } from '../../../domain/keys/scopes.ts'
import { responses } from '../../schemas/common.ts'
import type { App } from '../../types.ts'

const EchoRequest = Type.Object({ message: Type.Optional(Type.String({ maxLength: 65_536 })) })
const EchoResponse = Type.Object({ message: Type.String() })

export function registerPostEcho(app: App): void {
  for (const area of AREAS) {
    app.post(
      `/v2/${area}/echo`,
      {
        config: { area },
        schema: {
          summary: `Echo (${area})`,
          description: 'Returns the message it is sent; needs a key with this area in its scopes.',
          tags: [area],
          body: EchoRequest,
          response: responses({ 200: EchoResponse }),
        },
      },
      async (req) => ({ message: req.body.message ?? '' }),
    )
  }
}
