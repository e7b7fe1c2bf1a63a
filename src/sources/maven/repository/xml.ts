// The XML a Maven repository and Maven's configuration hold (maven-metadata.xml, settings.xml), read with
// fast-xml-parser over text already bounded by its reader: a document type declaration is refused before parsing (no
// DTD, so no entity of the document's own is ever expanded; only XML's five predefined entities are), the text must be
// well-formed (fast-xml-parser's validator), and nesting deeper than the parser's limit is refused. Attributes are
// ignored (neither format uses them), values are kept as text.
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { excerpt } from '../../../ingest/failure.ts'

/** An element: its text, or its children by name (a repeated child as an array). */
export type XmlNode = string | { [name: string]: XmlNode | XmlNode[] }

const PARSER = new XMLParser({
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  processEntities: true,
  htmlEntities: false,
  parseTagValue: false,
  trimValues: true,
})

/** The document's root element by name, or an Error naming what is wrong (the caller chooses the error's class). */
export function parseXml(text: string, what: string): Record<string, XmlNode> | Error {
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text))
    return new Error(`${what} declares a document type: refused (no DTD or entity is read)`)
  const valid = XMLValidator.validate(text)
  if (valid !== true) return new Error(`${what} is not well-formed XML: ${excerpt(valid.err.msg, 120)}`)
  try {
    const doc = PARSER.parse(text) as unknown
    return doc && typeof doc === 'object' ? (doc as Record<string, XmlNode>) : new Error(`${what} has no element`)
  } catch (err) {
    return new Error(`${what} could not be read as XML: ${excerpt((err as Error).message, 120)}`)
  }
}

/** The child element `name` of `node` (the first when repeated). */
export function child(node: XmlNode | XmlNode[] | undefined, name: string): XmlNode | undefined {
  const n = Array.isArray(node) ? node[0] : node
  if (!n || typeof n === 'string') return undefined
  const c = n[name]
  return Array.isArray(c) ? c[0] : c
}

/** Every child element `name` of `node`, in document order. */
export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  if (!node || typeof node === 'string') return []
  const c = node[name]
  return c === undefined ? [] : Array.isArray(c) ? c : [c]
}

/** The text of the child `name` (an element with children has none), trimmed; undefined when absent or empty. */
export function textOf(node: XmlNode | undefined, name: string): string | undefined {
  const c = child(node, name)
  return typeof c === 'string' && c !== '' ? c : undefined
}
