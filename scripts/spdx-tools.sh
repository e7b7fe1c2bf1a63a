#!/usr/bin/env bash
# The SPDX project's own tools for the SPDX tests (docs/sbom.md "SPDX out"), fetched once from Debian's archive
# (suite sid) into a cache folder outside the checkout, never installed on the machine:
#   - python3-spdx-tools (the SPDX project's Python library: JSON parser and validator for SPDX 2.2/2.3) and the
#     pure-Python modules its JSON parser and validator import: beartype, license-expression, boolean.py, uritools
#     (and semantic-version, small, for the library's other modules); not rdflib, click, ply, PyYAML or xmltodict,
#     which only its RDF, tag-value, YAML and XML parts and its command line need;
#   - golang-github-spdx-tools-golang-dev, for one file of it: the SPDX project's example document
#     SPDXJSONExample-v2.3.spdx.json (a real SPDX 2.3 document nobody here wrote; kept in the cache, not committed).
# apt runs with a private configuration under the cache (its own sources list, lists, archives and an empty dpkg
# status): the mirror and its key are those of the machine's own Debian source entry, read at run time
# (COMPINTEL_DEBIAN_MIRROR overrides the mirror). Packages are downloaded with `apt-get download` and unpacked with
# `dpkg-deb -x`; nothing is installed and no root is needed.
#
# Prints the PYTHONPATH to use with the machine's python3 (3.11 or newer); `--examples` prints the folder holding
# the example document instead. Cache: COMPINTEL_SPDX_TOOLS_CACHE, else $XDG_CACHE_HOME (or ~/.cache)
# /compintel-spdx-tools. Fails (exit 1, a message on stderr) when the archive cannot be reached.
set -euo pipefail

CACHE="${COMPINTEL_SPDX_TOOLS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/compintel-spdx-tools}"
PYTHON="${COMPINTEL_PYTHON:-python3}"
PACKAGES=(python3-spdx-tools python3-beartype python3-license-expression python3-boolean python3-uritools
  python3-semantic-version golang-github-spdx-tools-golang-dev)
EXAMPLE=usr/share/gocode/src/github.com/spdx/tools-golang/examples/sample-docs/json/SPDXJSONExample-v2.3.spdx.json
ROOT="$CACHE/root"
SITE="$ROOT/usr/lib/python3/dist-packages"

fail() { echo "spdx-tools: $*" >&2; exit 1; }

print() {
  if [ "${1:-}" = "--examples" ]; then echo "$CACHE/examples"; else echo "$SITE"; fi
}

# "<uri> <signed-by or ->" for each enabled Debian archive entry of the machine's apt sources (not -security)
debian_sources() {
  local list parts
  eval "$(apt-config shell list Dir::Etc::sourcelist/f parts Dir::Etc::sourceparts/d)"
  # one-line entries: deb [options] uri suite components
  local one_line='$1 == "deb" { i = 2; key = "-"
      if ($2 ~ /^\[/) { for (; i <= NF; i++) { if ($i ~ /^\[?signed-by=/) { key = $i; sub(/^\[?signed-by=/, "", key)
        sub(/\]$/, "", key) } if ($i ~ /\]$/) break } i++ }
      print $i, key, $(i + 1) }'
  {
    for f in "$list" "$parts"*.list; do [ -f "$f" ] && awk "$one_line" "$f"; done
    for f in "$parts"*.sources; do [ -f "$f" ] && awk -v RS= -F '\n' '{
        types = ""; uris = ""; suites = ""; key = "-"; enabled = "yes"
        for (n = 1; n <= NF; n++) {
          if ($n ~ /^Types:/) types = $n; else if ($n ~ /^URIs:/) { uris = $n; sub(/^URIs:[ \t]*/, "", uris) }
          else if ($n ~ /^Suites:/) { suites = $n; sub(/^Suites:[ \t]*/, "", suites) }
          else if ($n ~ /^Signed-By:[ \t]*\//) { key = $n; sub(/^Signed-By:[ \t]*/, "", key) }
          else if ($n ~ /^Enabled:[ \t]*no/) enabled = "no"
        }
        if (types !~ /(^|[ \t])deb([ \t]|$)/ || enabled != "yes") next
        split(uris, u, /[ \t]+/); split(suites, s, /[ \t]+/); print u[1], key, s[1]
      }' "$f"; done
  } | awk '$3 !~ /-security$/ && $1 !~ /-security\/?$/ { print $1, $2 }'
}

fetch() {
  local apt="$1/apt" root="$1/root" mirror key trusted trusted_parts
  if [ -n "${COMPINTEL_DEBIAN_MIRROR:-}" ]; then mirror="$COMPINTEL_DEBIAN_MIRROR" key=-
  else read -r mirror key < <(debian_sources | head -1) || true; fi
  [ -n "${mirror:-}" ] || fail "no Debian archive in this machine's apt sources; set COMPINTEL_DEBIAN_MIRROR"
  eval "$(apt-config shell trusted Dir::Etc::trusted/f trusted_parts Dir::Etc::trustedparts/d)"
  mkdir -p "$apt/etc/apt/apt.conf.d" "$apt/etc/apt/preferences.d" "$apt/etc/apt/sources.list.d" \
    "$apt/state/lists/partial" "$apt/cache/archives/partial" "$1/debs" "$root" "$1/examples"
  : >"$apt/state/status"
  if [ "$key" = "-" ]; then echo "deb $mirror sid main"; else echo "deb [signed-by=$key] $mirror sid main"; fi \
    >"$apt/etc/apt/sources.list"
  local opts=(-o "Dir::Etc=$apt/etc/apt" -o "Dir::State=$apt/state" -o "Dir::Cache=$apt/cache"
    -o "Dir::State::status=$apt/state/status" -o "Dir::Etc::Trusted=$trusted" -o "Dir::Etc::TrustedParts=$trusted_parts"
    -o "APT::Sandbox::User=$(id -un)" -o Debug::NoLocking=1 -qq)
  echo "spdx-tools: fetching ${PACKAGES[*]} from $mirror (sid) into $CACHE" >&2
  apt-get "${opts[@]}" -o APT::Update::Error-Mode=any update >&2 || fail "apt-get update from $mirror (sid) failed"
  (cd "$1/debs" && apt-get "${opts[@]}" download "${PACKAGES[@]}" >&2) || fail "apt-get download failed"
  for deb in "$1/debs"/*.deb; do dpkg-deb -x "$deb" "$root" || fail "cannot unpack $deb"; done
  cp "$root/$EXAMPLE" "$1/examples/" || fail "the SPDX 2.3 example is missing from the Go package"
  rm -rf "$root/usr/share/gocode" "$apt"
  PYTHONPATH="$root/usr/lib/python3/dist-packages" "$PYTHON" -c \
    'import spdx_tools.spdx.parser.json.json_parser, spdx_tools.spdx.validation.document_validator' ||
    fail "spdx-tools does not import with $("$PYTHON" --version 2>&1)"
}

command -v apt-get >/dev/null && command -v dpkg-deb >/dev/null || fail "apt-get and dpkg-deb are needed (Debian)"
mkdir -p "$CACHE"
exec 9>"$CACHE/.lock"
flock 9
# the stamp names the packages fetched: a change to the list fetches again
STAMP="packages: ${PACKAGES[*]}"
if [ "$(head -1 "$CACHE/ready" 2>/dev/null)" != "$STAMP" ]; then
  work="$(mktemp -d "$CACHE/fetch.XXXXXX")"
  trap 'rm -rf "$work"' EXIT
  fetch "$work"
  rm -rf "$ROOT" "$CACHE/examples"
  mv "$work/root" "$ROOT"
  mv "$work/examples" "$CACHE/examples"
  { echo "$STAMP"; (cd "$work/debs" && ls); } >"$CACHE/ready"
fi
print "$@"
