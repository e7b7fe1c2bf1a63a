// The ingest command's usage line, shared by `compintel` help and the ingest command itself.
export const INGEST_USAGE = `compintel ingest npm <name…> [--from-file F] [--versions all|latest|N] [--analyze none|latest|all|N]
                          [--concurrency N] [--with-dependencies] [--skip-analyzer NAME]… [--dry-run | --enqueue]
  compintel ingest debian <name…> [--from-file F] [--installed] [--priority P]… [--suite bookworm|trixie]…
                          [--with-dependencies] [--analyze all|latest|none] [--skip-analyzer NAME]… [--apt-dir DIR]
                          [--no-update]
  compintel ingest osv <file.ndjson[.gz] | file.json | directory | file.zip>… [--source NAME] [--source-date D]
  compintel ingest epss <epss_scores.csv[.gz]> [--source NAME] [--source-date D]
  compintel ingest purl2cpe <purl2cpe.ndjson[.gz]> [--source NAME] [--source-date D]
  compintel ingest commit-timezones <commit-timezones.ndjson[.gz]>
  compintel ingest git <path to a clone> --purl pkg:github/OWNER/NAME [--purl pkg:npm/NAME]…
  compintel ingest github-users <pkg:github/OWNER/NAME | OWNER/NAME>… [--token T] [--api-url URL]
                          [--max-contributors N]   (token default: GITHUB_TOKEN)`
