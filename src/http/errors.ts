// The catalogue of request-level error codes (docs/errors.md) and the one error body every 4xx/5xx carries.

/** Stable machine codes; each maps to one HTTP status. docs/errors.md documents every entry. */
export const ERROR_CATALOGUE = {
  BAD_REQUEST: { status: 400, message: 'Invalid request' },
  INVALID_JSON: { status: 400, message: 'The request body is not valid JSON' },
  INVALID_UTF8: { status: 400, message: 'The request body is not valid UTF-8' },
  JSON_TOO_DEEP: { status: 400, message: 'The request body nests JSON too deeply' },
  VALIDATION_FAILED: { status: 400, message: 'The request does not match the expected parameters' },
  BATCH_TOO_LARGE: { status: 400, message: 'Too many components in one request' },
  UNAUTHORIZED: { status: 401, message: 'Missing or invalid API key' },
  FORBIDDEN: { status: 403, message: 'The API key is not allowed to use this area' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  RULESET_NOT_FOUND: { status: 404, message: 'Requested ruleset or version not found' },
  FILE_NOT_FOUND: { status: 404, message: 'No file with this MD5 can be served' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed on this path' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request did not arrive in time' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large' },
  FILE_TOO_LARGE: { status: 413, message: 'The file is larger than this server serves' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported content type; send application/json' },
  HEADERS_TOO_LARGE: { status: 431, message: 'Request headers or URL too large' },
  RATE_LIMITED: { status: 429, message: 'Rate limit exceeded' },
  INTERNAL_ERROR: { status: 500, message: 'Internal server error' },
  RULESET_INTEGRITY_FAILED: { status: 500, message: 'Ruleset integrity verification failed' },
  UPSTREAM_FAILED: { status: 502, message: 'The package registry did not give the file' },
  UPSTREAM_TIMEOUT: { status: 504, message: 'The package registry did not give the file in time' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'Service temporarily unavailable' },
  DATABASE_UNAVAILABLE: { status: 503, message: 'The knowledge base is temporarily unreachable' },
  TOO_MANY_CONNECTIONS: { status: 503, message: 'Too many open connections; retry later' },
  UPLOADS_BUSY: { status: 503, message: 'The server holds as many request bodies as it may; retry later' },
} as const satisfies Record<string, { status: number; message: string }>

export type ErrorCode = keyof typeof ERROR_CATALOGUE

export interface ErrorBody {
  status: { status: 'FAILED'; message: string }
  error: { code: ErrorCode; request_id: string }
}

/** A request-level failure raised anywhere in the HTTP layer. */
export class HttpError extends Error {
  readonly statusCode: number
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly headers: Record<string, string | number> = {},
  ) {
    super(message ?? ERROR_CATALOGUE[code].message)
    this.statusCode = ERROR_CATALOGUE[code].status
  }
}

export function errorBody(code: ErrorCode, message: string, requestId: string): ErrorBody {
  // 5xx bodies never carry internal detail: the catalogue text only.
  const text = ERROR_CATALOGUE[code].status >= 500 ? ERROR_CATALOGUE[code].message : message
  return { status: { status: 'FAILED', message: text }, error: { code, request_id: requestId } }
}
