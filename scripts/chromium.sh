#!/usr/bin/env bash
# A headless Chromium for Spieltisch's browser tests (tests/it/browser.rs drives it over
# the Chrome DevTools Protocol).
#
#   scripts/chromium.sh install                install Debian's `chromium` package (apt-get,
#                                              without recommends) unless a browser is
#                                              present; prints the browser's path
#   scripts/chromium.sh path                   print the browser's path, or exit 1
#
# Settings (environment):
#   CHROMIUM          the browser to use, if not /usr/bin/chromium or `chromium` on PATH
#
# The install needs apt-get and root (sudo is used when not root); `apt-get update` runs
# only if the install fails without it. The path goes to stdout, progress to stderr.
set -euo pipefail

log() { echo "[chromium.sh] $*" >&2; }
die() { log "error: $*"; exit 1; }

find_browser() {   # prints the browser's path if one is installed
  local candidate
  for candidate in "${CHROMIUM:-}" /usr/bin/chromium; do
    [[ -n $candidate && -x $candidate ]] && { echo "$candidate"; return 0; }
  done
  command -v chromium 2>/dev/null
}

# as_root (install with apt-get as root, or through sudo)
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

do_install() {
  local path
  if path=$(find_browser); then
    echo "$path"
    return 0
  fi
  command -v apt-get >/dev/null || die "no chromium found and no apt-get to install it (set CHROMIUM)"
  local install=(env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium)
  log "installing chromium with apt-get"
  if ! as_root "${install[@]}" >&2; then
    log "install failed; running apt-get update and trying again"
    as_root apt-get update >&2 || die "apt-get update failed"
    as_root "${install[@]}" >&2 || die "apt-get install chromium failed"
  fi
  path=$(find_browser) || die "chromium was installed but is not at /usr/bin/chromium nor on PATH"
  log "installed $("$path" --version 2>/dev/null || echo "$path")"
  echo "$path"
}

do_path() {
  find_browser || die "no chromium found (run scripts/chromium.sh install, or set CHROMIUM)"
}

case ${1:-} in
  install) do_install ;;
  path) do_path ;;
  *) die "usage: scripts/chromium.sh install|path" ;;
esac
