// Debian control-file syntax (deb822, Debian Policy §5.1): Packages and Sources indexes, debian/control, DEP-5
// debian/copyright, dpkg's status file.
//
// Paragraphs are separated by blank lines (a line of only spaces and tabs counts as blank, as Policy lets parsers
// accept). A field is `Name: value`; a name is printable ASCII without spaces or ':' and does not start with '#' or
// '-'; names are case-insensitive (the first spelling is kept, lookups ignore case). Lines starting with a space or a
// tab continue the field above. A field's value is its first line, trimmed, then one '\n' and one line per
// continuation line: that line without its first character (the space or tab that marks it) and without trailing
// whitespace, and empty when all that is left is '.' (` .` is how a multi-line value writes an empty line).
// Deeper indentation is kept (verbatim lines of a Description, indented license texts); fold a value with
// foldDeb822() where whitespace is not significant (Depends, Files, Uploaders).
//
// Comment lines (`#` in the first column) are only allowed where the format allows them: debian/control
// (options.comments). Elsewhere, as any malformed line, a comment is reported to options.onIssue and skipped:
// the parser never throws, so one bad line does not lose a 100 MB index. A second occurrence of a field in a
// paragraph is reported and ignored. A trailing '\r' (CRLF files) and a leading byte-order mark are dropped.
//
// One implementation, three ways in: Deb822Parser takes one line at a time (lines from readline, say) and returns
// each paragraph as its blank line ends it, end() returns the last; parseDeb822() iterates over the paragraphs of a
// string without splitting it into an array of lines; parseDeb822Chunks() takes an async iterable of text or bytes
// (a decompression stream: `parseDeb822Chunks(file.pipe(createGunzip()))`), decoded as UTF-8, split at newlines.

export interface Deb822Options {
  /** `#` lines are comments and skipped silently (debian/control); otherwise they are reported as malformed. */
  comments?: boolean
  /** Told about each malformed line skipped and each repeated field ignored; nothing is thrown. */
  onIssue?: (issue: Deb822Issue) => void
}

export interface Deb822Issue {
  /** 1-based line number in the input. */
  line: number
  message: string
}

/** One paragraph: its fields in order, looked up by name ignoring case. */
export class Deb822Paragraph {
  /** 1-based line number of the paragraph's first field. */
  readonly line: number
  readonly #names: string[] = []
  readonly #values: string[] = []
  readonly #index = new Map<string, number>()

  constructor(line: number) {
    this.line = line
  }

  /** The value of a field (any case of its name), or undefined. */
  get(name: string): string | undefined {
    const i = this.#index.get(name.toLowerCase())
    return i === undefined ? undefined : this.#values[i]
  }

  has(name: string): boolean {
    return this.#index.has(name.toLowerCase())
  }

  /** The field names as first spelt, in order. */
  get names(): readonly string[] {
    return this.#names
  }

  /** [name, value] pairs in order. */
  *entries(): IterableIterator<[string, string]> {
    for (let i = 0; i < this.#names.length; i++) yield [this.#names[i] as string, this.#values[i] as string]
  }

  /** Adds a field; false (and nothing changed) when the paragraph already has one of that name. */
  add(name: string, value: string): boolean {
    const key = name.toLowerCase()
    if (this.#index.has(key)) return false
    this.#index.set(key, this.#names.length)
    this.#names.push(name)
    this.#values.push(value)
    return true
  }

  /** Appends one line to the last field's value. */
  continueLast(text: string): void {
    const i = this.#values.length - 1
    this.#values[i] = `${this.#values[i]}\n${text}`
  }

  get size(): number {
    return this.#names.length
  }
}

const FIELD_NAME = /^[!-9;-~]+$/
const isBlank = (line: string) => /^[ \t]*$/.test(line)

/** Parses deb822 one line at a time (without its newline): push every line, then call end() once. */
export class Deb822Parser {
  #current: Deb822Paragraph | undefined
  /** Whether continuation lines go to the current paragraph's last field (false after a repeated field). */
  #continuing = false
  #lineNo = 0
  readonly #comments: boolean
  readonly #onIssue: ((issue: Deb822Issue) => void) | undefined

  constructor(options: Deb822Options = {}) {
    this.#comments = options.comments ?? false
    this.#onIssue = options.onIssue
  }

  /** Takes the next line; returns the paragraph it ended, if it is the blank line after one. */
  push(raw: string): Deb822Paragraph | undefined {
    this.#lineNo++
    let line = raw.endsWith('\r') ? raw.slice(0, -1) : raw
    if (this.#lineNo === 1 && line.charCodeAt(0) === 0xfeff) line = line.slice(1)
    const first = line.charCodeAt(0)
    if (first === 0x20 || first === 0x09) {
      if (isBlank(line)) return this.end()
      this.#continuation(line)
      return undefined
    }
    if (line === '') return this.end()
    if (first === 0x23 && this.#comments) return undefined
    this.#field(line)
    return undefined
  }

  /** The paragraph in progress, if any (call at end of input); the parser can then go on with new input. */
  end(): Deb822Paragraph | undefined {
    const done = this.#current
    this.#current = undefined
    this.#continuing = false
    return done
  }

  #continuation(line: string): void {
    if (!this.#current) {
      this.#issue('continuation line outside a field')
      return
    }
    if (!this.#continuing) return
    const text = line.slice(1).trimEnd()
    this.#current.continueLast(text.trimStart() === '.' ? '' : text)
  }

  #field(line: string): void {
    const colon = line.indexOf(':')
    const name = colon > 0 ? line.slice(0, colon) : ''
    const first = name.charCodeAt(0)
    if (name === '' || first === 0x23 || first === 0x2d || !FIELD_NAME.test(name)) {
      this.#continuing = false
      this.#issue(line.charCodeAt(0) === 0x23 ? 'comment line not allowed here' : 'not a field line')
      return
    }
    this.#current ??= new Deb822Paragraph(this.#lineNo)
    this.#continuing = this.#current.add(name, line.slice(colon + 1).trim())
    if (!this.#continuing) this.#issue(`repeated field ${name} ignored`)
  }

  #issue(message: string): void {
    this.#onIssue?.({ line: this.#lineNo, message })
  }
}

/** The paragraphs of a deb822 text, one at a time. */
export function* parseDeb822(text: string, options?: Deb822Options): Generator<Deb822Paragraph> {
  const parser = new Deb822Parser(options)
  let start = 0
  while (start < text.length) {
    let nl = text.indexOf('\n', start)
    if (nl < 0) nl = text.length
    const p = parser.push(text.slice(start, nl))
    if (p) yield p
    start = nl + 1
  }
  const last = parser.end()
  if (last) yield last
}

/** The paragraphs of a deb822 stream of text or UTF-8 bytes in chunks of any size (split anywhere). */
export async function* parseDeb822Chunks(
  chunks: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
  options?: Deb822Options,
): AsyncGenerator<Deb822Paragraph> {
  const parser = new Deb822Parser(options)
  const decoder = new TextDecoder()
  let rest = ''
  for await (const chunk of chunks) {
    const text = rest + (typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }))
    let start = 0
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
      const p = parser.push(text.slice(start, nl))
      start = nl + 1
      if (p) yield p
    }
    rest = text.slice(start)
  }
  rest += decoder.decode()
  if (rest !== '') {
    const p = parser.push(rest)
    if (p) yield p
  }
  const last = parser.end()
  if (last) yield last
}

/** A value with all whitespace runs (newlines included) as one space: for fields where whitespace is not significant. */
export function foldDeb822(value: string): string {
  return value.replace(/\s+/g, ' ').trim()
}
