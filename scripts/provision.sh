# Provisions what a fresh machine lacks, then leaves Node 24 first on PATH. Source it: `. scripts/provision.sh [--test]`.
# - Node 24 from the npm registry's node@24 package into ~/.cache/delta-site/node24 (the machines' system node is v20; never
#   replace it), unless a Node 24 is already on PATH.
# - with --test: redis-server, Debian's chromium and a Java runtime (default-jre-headless) from apt when missing (tests
#   spawn redis; e2e drives chromium and runs the W3C Nu HTML checker, vnu-jar, on Java), and
#   Debian's chromium-headless-shell for the e2e suite when the machine can get it (optional: without it, e2e
#   drives chromium itself; docs/decisions.md §51).
# - node_modules with `npm ci` when missing or older than package-lock.json.
# One progress line per step; the tools' own output (and the machine's npm config warnings, e.g. an unknown "nodedir")
# goes to .local/provision.log and is shown only when a step fails. Callers number further steps after
# PROVISION_STEPS (3) out of PROVISION_TOTAL.
_provision_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# Outside the project: @netlify/dev walks the project tree, and a Node install inside it exhausted the runner's heap.
_provision_node="${NODE24_PREFIX:-${XDG_CACHE_HOME:-$HOME/.cache}/delta-site/node24}"
_provision_log="$_provision_root/.local/provision.log"
_provision_total="${PROVISION_TOTAL:-3}"
PROVISION_STEPS=3
mkdir -p "$_provision_root/.local"
: >"$_provision_log"

_provision_step() { echo "[$1/$_provision_total] $2"; }
# Runs a command with its output in the log; on failure prints the log's tail and returns the command's status.
_provision_quiet() {
  echo "\$ $*" >>"$_provision_log"
  "$@" >>"$_provision_log" 2>&1 || {
    local status=$?
    echo "  failed (exit $status): $*; last lines of $_provision_log:" >&2
    tail -n 20 "$_provision_log" >&2
    return "$status"
  }
}

if node --version 2>/dev/null | grep -q '^v24\.'; then
  _provision_step 1 "Node 24: $(node --version) on PATH"
else
  # Every clone and worktree shares this prefix: two starts at once would install into it together and break each
  # other's files (npm's ENOENT). A lock file beside it (flock, util-linux) lets one install while the other waits,
  # then finds Node installed.
  mkdir -p "$(dirname "$_provision_node")"
  unset _provision_lock
  if command -v flock >/dev/null 2>&1; then
    exec {_provision_lock}>"$_provision_node.lock"
    if ! flock -n "$_provision_lock"; then
      _provision_step 1 "Node 24: another start is installing it into $_provision_node; waiting …"
      flock "$_provision_lock"
    fi
  fi
  if [ ! -x "$_provision_node/node_modules/.bin/node" ]; then
    _provision_step 1 "Node 24: installing into $_provision_node (about a minute, once) …"
    mkdir -p "$_provision_node"
    _provision_quiet npm install --prefix "$_provision_node" --no-save --no-audit --no-fund --loglevel=error node@24 || {
      _provision_status=$?
      if [ -n "${_provision_lock:-}" ]; then exec {_provision_lock}>&-; unset _provision_lock; fi
      return "$_provision_status"
    }
  fi
  # Closing the file releases the lock.
  if [ -n "${_provision_lock:-}" ]; then exec {_provision_lock}>&-; unset _provision_lock; fi
  export PATH="$_provision_node/node_modules/.bin:$PATH"
  _provision_step 1 "Node 24: $(node --version) from $_provision_node"
fi
export ASTRO_TELEMETRY_DISABLED=1

if [ "${1:-}" = "--test" ]; then
  _provision_apt=()
  command -v redis-server >/dev/null 2>&1 || _provision_apt+=(redis-server)
  [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || _provision_apt+=(chromium)
  command -v java >/dev/null 2>&1 || _provision_apt+=(default-jre-headless)
  _provision_shell=""
  [ -x "${E2E_CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}" ] || _provision_shell="chromium-headless-shell"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  if [ "${#_provision_apt[@]}" -gt 0 ] || [ -n "$_provision_shell" ]; then
    _provision_step 2 "System packages: apt-get install ${_provision_apt[*]:+${_provision_apt[*]} }$_provision_shell …"
    if [ "${#_provision_apt[@]}" -gt 0 ]; then
      _provision_quiet $SUDO apt-get update -qq || return 1
      _provision_quiet env DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${_provision_apt[@]}" || return 1
    fi
    # A third less CPU per e2e run than the full browser; a machine that cannot get it runs e2e on chromium.
    if [ -n "$_provision_shell" ]; then
      { [ "${#_provision_apt[@]}" -gt 0 ] || _provision_quiet $SUDO apt-get update -qq; } &&
        _provision_quiet env DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$_provision_shell" ||
        echo "  chromium-headless-shell not installed: the e2e suite uses chromium (slower)" >&2
    fi
  else
    _provision_step 2 "System packages: redis-server, chromium, chromium-headless-shell and java present"
  fi
else
  _provision_step 2 "System packages: none needed to serve"
fi

if [ ! -d "$_provision_root/node_modules" ] || [ "$_provision_root/package-lock.json" -nt "$_provision_root/node_modules/.package-lock.json" ]; then
  # `npm ci`: exactly the lock file, and it fails (rather than rewriting the lock) when package.json and the lock
  # disagree, so a lock file that a fresh clone cannot install never goes unnoticed.
  _provision_step 3 "npm dependencies: npm ci (about a minute on a fresh clone) …"
  (cd "$_provision_root" && _provision_quiet npm ci --no-audit --no-fund --loglevel=error) || return 1
  _provision_step 3 "npm dependencies: installed from package-lock.json"
else
  _provision_step 3 "npm dependencies: up to date with package-lock.json"
fi
