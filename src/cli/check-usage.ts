// The check command's usage line, shared by `compintel` help and the command itself.
export const CHECK_USAGE = `check [--json] [--examples N]   report the KB rows no rule allows (exit 1 when there are any)`
