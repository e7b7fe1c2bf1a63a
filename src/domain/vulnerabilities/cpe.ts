// CPE 2.3 formatted strings (NISTIR 7695 §6.2): the grammar every answer is checked against, and how a product
// CPE (version `*`) gets the resolved version filled in.

/** The CPE 2.3 formatted-string grammar (the CPE dictionary schema's pattern). */
export const CPE23 =
  /^cpe:2\.3:[aho*-](:(((\?*|\*?)([a-zA-Z0-9\-._]|(\\[\\*?!"#$%&'()+,/:;<=>@[\]^`{|}~]))+(\?*|\*?))|[*-])){5}(:(([a-zA-Z]{2,3}(-([a-zA-Z]{2}|[0-9]{3}))?)|[*-]))(:(((\?*|\*?)([a-zA-Z0-9\-._]|(\\[\\*?!"#$%&'()+,/:;<=>@[\]^`{|}~]))+(\?*|\*?))|[*-])){4}$/

/** Splits a formatted string into its 13 fields, honouring `\:` escapes. */
export function cpeFields(cpe: string): string[] {
  const fields: string[] = []
  let current = ''
  for (let i = 0; i < cpe.length; i++) {
    const ch = cpe[i] as string
    if (ch === '\\' && i + 1 < cpe.length) {
      current += ch + cpe[i + 1]
      i++
    } else if (ch === ':') {
      fields.push(current)
      current = ''
    } else current += ch
  }
  fields.push(current)
  return fields
}

/** A version as a formatted-string value: letters, digits, `-`, `.` and `_` as they are, anything else escaped. */
export function cpeValue(v: string): string {
  return v === '' ? '*' : v.replace(/[^a-zA-Z0-9\-._]/g, (c) => `\\${c}`)
}

/** The product CPE with its version (field 5) set; the update field stays `*`. */
export function withVersion(product: string, version: string): string {
  const f = cpeFields(product)
  if (f.length !== 13) return product
  f[5] = cpeValue(version)
  return f.join(':')
}
