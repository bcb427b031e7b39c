# Provisions what a fresh machine lacks, then leaves Node 24 first on PATH. Source it: `. scripts/provision.sh [--test]`.
# - Node 24 from the npm registry's node@24 package into ~/.cache/delta-site/node24 (the machines' system node is v20; never
#   replace it), unless a Node 24 is already on PATH.
# - node_modules from package-lock.json when missing or older than the lock file.
# - with --test: redis-server and Debian's chromium from apt when missing (tests spawn redis; e2e drives chromium).
_provision_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# Outside the project: @netlify/dev walks the project tree, and a Node install inside it exhausted the runner's heap.
_provision_node="${NODE24_PREFIX:-${XDG_CACHE_HOME:-$HOME/.cache}/delta-site/node24}"

if ! node --version 2>/dev/null | grep -q '^v24\.'; then
  if [ ! -x "$_provision_node/node_modules/.bin/node" ]; then
    echo "[provision] installing Node 24 into $_provision_node"
    mkdir -p "$_provision_node"
    npm install --prefix "$_provision_node" --no-save --no-audit --no-fund node@24 >/dev/null
  fi
  export PATH="$_provision_node/node_modules/.bin:$PATH"
fi
export ASTRO_TELEMETRY_DISABLED=1

if [ "${1:-}" = "--test" ]; then
  _provision_apt=()
  command -v redis-server >/dev/null 2>&1 || _provision_apt+=(redis-server)
  [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || _provision_apt+=(chromium)
  if [ "${#_provision_apt[@]}" -gt 0 ]; then
    echo "[provision] apt-get install ${_provision_apt[*]}"
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${_provision_apt[@]}" >/dev/null
  fi
fi

if [ ! -d "$_provision_root/node_modules" ] || [ "$_provision_root/package-lock.json" -nt "$_provision_root/node_modules/.package-lock.json" ]; then
  # `npm install`, not `npm ci`: npm 11 writes platform-only optional bindings (@astrojs/compiler-binding-*) into
  # the lock file in a form its own `npm ci` then rejects as "missing"; install still follows the lock file.
  echo "[provision] npm install (from package-lock.json)"
  (cd "$_provision_root" && npm install --no-audit --no-fund --loglevel=error)
fi
echo "[provision] node $(node --version), npm $(npm --version)"
