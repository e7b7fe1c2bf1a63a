// Response schemas of the attribution notices area (docs/attribution-notices.md; the messages of papi's
// scanoss.api.attributionnotices.v2).
import { Type } from 'typebox'
import { OutcomeFields } from './components.ts'

const NoticeSchema = Type.Object({
  notice_text: Type.String({ description: 'the text as the package ships it' }),
  notice_md5: Type.String({ description: "MD5 of the file's bytes" }),
  source: Type.String({ description: "the file's path in the package" }),
})

export const AttributionSchema = Type.Object({
  purl: Type.String(),
  requirement: Type.String(),
  version: Type.String(),
  notices: Type.Array(NoticeSchema),
  ...OutcomeFields,
})
