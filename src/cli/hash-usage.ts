// The `hash` and `scan` lines of the CLI usage, apart from the commands so that printing usage loads nothing else.
export const HASH_USAGE = 'hash <dir> [OPTIONS]       print the folder-hash request scanoss-py would send for <dir>'

export const SCAN_USAGE = `scan <dir> [OPTIONS] [--url URL] [--key KEY] [--json]
                             identify <dir>'s components through POST /v2/scanning/hfh/scan (URL default: this
                             server's HOST and PORT, or COMPINTEL_URL; key default: COMPINTEL_API_KEY)`

/** The options of both commands, the scan request's: printed once under the two lines. */
export const FOLDER_OPTIONS = `OPTIONS of hash and scan: [--depth N] [--rank-threshold N] [--recursive-threshold X]
                             [--min-accepted-score X] [--category TYPE] [--query-limit N]   (depth default 1)`
