// The `rulesets` line of the CLI usage, apart from the command so that printing usage loads nothing else.
export const RULESETS_USAGE =
  'rulesets build [--type dca|keywords|semgrep]... [--version vX.Y.Z] [--created-at DATE] [--force]   build ruleset releases'
