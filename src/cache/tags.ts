// Cache tags: the identity of a component as both the cache (from a request's purl) and the KB writers (from a
// component row's purl) spell it. Case-folded and without version, qualifiers or subpath, so two spellings of one
// component share a tag; a tag shared by two components only makes an invalidation wider, never misses one.
import { tryParsePurl } from '../domain/shared/purl.ts'

export function componentTag(purl: string): string | undefined {
  const p = tryParsePurl(purl)
  if (!p) return undefined
  return `pkg:${p.type}/${p.namespace ? `${p.namespace}/` : ''}${p.name}`.toLowerCase()
}
