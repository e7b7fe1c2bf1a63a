// A credential read from a package tool's configuration (an index's user and password, a registry token): the
// Authorization header value is there for the request, and every way of printing it (String, JSON, util.inspect,
// a log line of the object holding it) shows `[redacted]`.
import { inspect } from 'node:util'

export class Credential {
  readonly #header: string

  private constructor(header: string) {
    this.#header = header
  }

  /** HTTP Basic with a user and password (pip's credentials from a URL's userinfo or netrc). */
  static basic(user: string, password: string): Credential {
    return new Credential(`Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`)
  }

  /** The header value as it is (Cargo sends its token unprefixed). */
  static raw(value: string): Credential {
    return new Credential(value)
  }

  /** The Authorization header's value. */
  header(): string {
    return this.#header
  }

  toString(): string {
    return '[redacted]'
  }

  toJSON(): string {
    return '[redacted]'
  }

  [inspect.custom](): string {
    return 'Credential [redacted]'
  }
}
