#!/usr/bin/env bash
# A throwaway Synapse homeserver on 127.0.0.1 for Spieltisch's Matrix tests.
#
#   scripts/synapse.sh install                 install matrix-synapse from PyPI into a venv
#                                              (reused when present)
#   scripts/synapse.sh start                   install (if needed), write the config, start on
#                                              a free 127.0.0.1 port, wait until it answers
#   scripts/synapse.sh register USER PASS [admin]
#                                              register a user through the shared-secret admin
#                                              API; prints user_id, access_token, device_id
#   scripts/synapse.sh stop                    stop the server started for this data dir
#   scripts/synapse.sh reset                   stop and delete the data dir
#
# Settings (environment):
#   SYNAPSE_DATA      data dir of this instance (config, SQLite DB, media, log, pid, env)
#                     [${TMPDIR:-/tmp}/spieltisch-synapse]
#   SYNAPSE_LIMITS    `relaxed` (every rc_* rate limit raised, for most tests) or
#                     `default` (Synapse's own defaults, as a real homeserver) [relaxed]
#   SYNAPSE_VENV      the virtualenv [$HOME/.cache/spieltisch-synapse/venv-$SYNAPSE_VERSION]
#   SYNAPSE_VERSION   the matrix-synapse version from PyPI [1.163.2]
#   SYNAPSE_OWNER_PID if set, a watcher stops the server (and, with SYNAPSE_EPHEMERAL=1,
#                     deletes the data dir) once that process has exited: test harnesses
#                     pass their own PID so no server outlives the test run. A restart
#                     (`stop`, then `start`) keeps the data and, if free, the port.
#   SYNAPSE_READY_TIMEOUT  seconds to wait for the client API [90]
#
# After `start`, $SYNAPSE_DATA/env holds `KEY=value` lines (SYNAPSE_URL, SYNAPSE_PORT,
# SYNAPSE_PID, SYNAPSE_LIMITS) and the same lines go to stdout. Needs python3 (>= 3.10)
# with venv, and pip access to PyPI for the first install. Progress goes to stderr.
set -euo pipefail

SYNAPSE_VERSION=${SYNAPSE_VERSION:-1.163.2}
SYNAPSE_DATA=${SYNAPSE_DATA:-${TMPDIR:-/tmp}/spieltisch-synapse}
SYNAPSE_LIMITS=${SYNAPSE_LIMITS:-relaxed}
SYNAPSE_CACHE=${SYNAPSE_CACHE:-$HOME/.cache/spieltisch-synapse}
SYNAPSE_VENV=${SYNAPSE_VENV:-$SYNAPSE_CACHE/venv-$SYNAPSE_VERSION}
SYNAPSE_READY_TIMEOUT=${SYNAPSE_READY_TIMEOUT:-90}
# Test-only secret: the server listens on loopback and holds throwaway accounts.
SYNAPSE_SECRET=${SYNAPSE_SECRET:-spieltisch-test-registration-secret}
PYTHON=${PYTHON:-python3}

PIDFILE=$SYNAPSE_DATA/synapse.pid
LOG=$SYNAPSE_DATA/synapse.log
CONF=$SYNAPSE_DATA/homeserver.yaml

log() { echo "[synapse.sh] $*" >&2; }
die() { log "error: $*"; exit 1; }

running_pid() {   # prints the PID if this data dir's synapse is alive
  [[ -f $PIDFILE ]] || return 1
  local pid; pid=$(cat "$PIDFILE")
  [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null && grep -q synapse "/proc/$pid/cmdline" 2>/dev/null || return 1
  echo "$pid"
}

do_install() {
  local have
  if have=$("$SYNAPSE_VENV/bin/python" -c 'import importlib.metadata as m; print(m.version("matrix-synapse"))' 2>/dev/null) \
     && [[ $have == "$SYNAPSE_VERSION" ]]; then
    return 0
  fi
  command -v "$PYTHON" >/dev/null || die "$PYTHON not found: Synapse needs Python 3.10+ with venv"
  mkdir -p "$SYNAPSE_CACHE"
  # Two harnesses may start at once: one installs, the other waits for it.
  exec 9>"$SYNAPSE_CACHE/install.lock"
  flock -w 900 9 || die "timed out waiting for another Synapse install"
  if "$SYNAPSE_VENV/bin/python" -c 'import synapse' 2>/dev/null \
     && [[ $("$SYNAPSE_VENV/bin/python" -c 'import importlib.metadata as m; print(m.version("matrix-synapse"))') == "$SYNAPSE_VERSION" ]]; then
    flock -u 9; return 0
  fi
  log "installing matrix-synapse==$SYNAPSE_VERSION from PyPI into $SYNAPSE_VENV (about a minute)"
  local t0=$SECONDS
  rm -rf "$SYNAPSE_VENV"
  "$PYTHON" -m venv "$SYNAPSE_VENV" || die "cannot create a venv (install python3-venv)"
  "$SYNAPSE_VENV/bin/pip" install -q --disable-pip-version-check "matrix-synapse==$SYNAPSE_VERSION" \
    || { rm -rf "$SYNAPSE_VENV"; die "pip install matrix-synapse==$SYNAPSE_VERSION failed (is PyPI reachable?)"; }
  log "installed in $((SECONDS - t0))s"
  flock -u 9
}

do_stop() {
  local pid
  if pid=$(running_pid); then
    log "stopping synapse pid $pid"
    kill "$pid"
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    if kill -0 "$pid" 2>/dev/null; then log "still alive after 10 s, SIGKILL"; kill -9 "$pid"; fi
  fi
  rm -f "$PIDFILE"
}

pick_port() {
  "$PYTHON" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

rate_limits() {   # the rc_* section for SYNAPSE_LIMITS
  case $SYNAPSE_LIMITS in
    default)
      echo "# Rate limits: Synapse's defaults (rc_message 0.2/s burst 10, ...), as on a real server." ;;
    relaxed)
      local r='{per_second: 100000, burst_count: 1000000}'
      cat <<EOF
# Rate limits raised: the defaults make a test suite hit 429 M_LIMIT_EXCEEDED.
rc_message: $r
rc_registration: $r
rc_login:
  address: $r
  account: $r
  failed_attempts: $r
rc_joins:
  local: $r
  remote: $r
rc_joins_per_room: $r
rc_invites:
  per_room: $r
  per_user: $r
  per_issuer: $r
rc_room_creation: $r
rc_media_create: $r
rc_key_requests: $r
rc_presence:
  per_user: $r
EOF
      ;;
    *) die "SYNAPSE_LIMITS must be relaxed or default, not $SYNAPSE_LIMITS" ;;
  esac
}

write_config() {
  local port=$1
  cat >"$CONF" <<EOF
# generated by scripts/synapse.sh -- test use only
server_name: "localhost"
public_baseurl: "http://127.0.0.1:$port/"
listeners:
  - port: $port
    bind_addresses: ['127.0.0.1']
    type: http
    tls: false
    x_forwarded: false
    resources:
      - names: [client]
        compress: false
database:
  name: sqlite3
  args:
    database: $SYNAPSE_DATA/homeserver.db
media_store_path: $SYNAPSE_DATA/media_store
max_upload_size: 50M
url_preview_enabled: false
signing_key_path: $SYNAPSE_DATA/localhost.signing.key
registration_shared_secret: "$SYNAPSE_SECRET"
macaroon_secret_key: "spieltisch-test-macaroon-secret"
form_secret: "spieltisch-test-form-secret"
enable_registration: false
report_stats: false
enable_metrics: false
trusted_key_servers: []
suppress_key_server_warning: true
federation_domain_whitelist: []
log_config: $SYNAPSE_DATA/log.yaml
$(rate_limits)
EOF
  cat >"$SYNAPSE_DATA/log.yaml" <<EOF
version: 1
formatters:
  precise:
    format: '%(asctime)s %(name)s %(levelname)s %(message)s'
handlers:
  file:
    class: logging.FileHandler
    formatter: precise
    filename: $LOG
root:
  level: WARNING
  handlers: [file]
disable_existing_loggers: false
EOF
}

start_watcher() {   # stop the server (and maybe delete its data) once SYNAPSE_OWNER_PID has exited
  local owner=$1 pid=$2
  (
    trap '' HUP
    while kill -0 "$owner" 2>/dev/null; do
      kill -0 "$pid" 2>/dev/null || exit 0   # stopped by `stop`: a later `start` watches anew
      sleep 1
    done
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
    [[ ${SYNAPSE_EPHEMERAL:-0} == 1 ]] && rm -rf "$SYNAPSE_DATA"
  ) </dev/null >/dev/null 2>&1 &
  disown
}

port_free() {
  "$PYTHON" - "$1" <<'EOF2'
import socket, sys
s = socket.socket()
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as Twisted does; ignore TIME_WAIT
try:
    s.bind(("127.0.0.1", int(sys.argv[1])))
except OSError:
    sys.exit(1)
EOF2
}

do_start() {
  mkdir -p "$SYNAPSE_DATA"
  do_install

  local port pid
  if pid=$(running_pid); then
    port=$(cat "$SYNAPSE_DATA/port")
    log "already running (pid $pid) on port $port"
  else
    rm -f "$PIDFILE"
    # a restart keeps its port when it can, so running clients reconnect
    port=$(cat "$SYNAPSE_DATA/port" 2>/dev/null || true)
    if [[ -z $port ]] || ! port_free "$port"; then port=$(pick_port); fi
    echo "$port" >"$SYNAPSE_DATA/port"
    write_config "$port"
    if [[ ! -f $SYNAPSE_DATA/localhost.signing.key ]]; then
      # the format of `--generate-keys`, without its few seconds of start-up
      ( umask 077; "$PYTHON" -c 'import base64, os
print("ed25519 a_test", base64.b64encode(os.urandom(32)).decode().rstrip("="))' >"$SYNAPSE_DATA/localhost.signing.key" )
    fi
    log "starting synapse ($SYNAPSE_LIMITS rate limits) on 127.0.0.1:$port, log $LOG"
    nohup "$SYNAPSE_VENV/bin/python" -m synapse.app.homeserver -c "$CONF" >>"$LOG" 2>&1 </dev/null &
    pid=$!
    echo "$pid" >"$PIDFILE"
    [[ -n ${SYNAPSE_OWNER_PID:-} ]] && start_watcher "$SYNAPSE_OWNER_PID" "$pid"
  fi

  local url=http://127.0.0.1:$port t0=$SECONDS
  until curl -fs -o /dev/null --max-time 2 "$url/_matrix/client/versions"; do
    kill -0 "$pid" 2>/dev/null || { log "synapse exited during start-up; log:"; tail -n 40 "$LOG" >&2; exit 1; }
    (( SECONDS - t0 > SYNAPSE_READY_TIMEOUT )) && { log "not ready after ${SYNAPSE_READY_TIMEOUT}s; log:"; tail -n 40 "$LOG" >&2; exit 1; }
    sleep 0.2
  done
  log "ready after $((SECONDS - t0))s"
  cat >"$SYNAPSE_DATA/env" <<EOF
SYNAPSE_URL=$url
SYNAPSE_PORT=$port
SYNAPSE_PID=$pid
SYNAPSE_LIMITS=$SYNAPSE_LIMITS
SYNAPSE_DATA=$SYNAPSE_DATA
EOF
  cat "$SYNAPSE_DATA/env"
}

do_register() {   # USER PASS [admin]
  [[ $# -ge 2 ]] || die "usage: $0 register USER PASS [admin]"
  local url
  url=$(sed -n 's/^SYNAPSE_URL=//p' "$SYNAPSE_DATA/env" 2>/dev/null) || true
  [[ -n $url ]] || die "no running server for $SYNAPSE_DATA (start it first)"
  "$PYTHON" - "$url" "$SYNAPSE_SECRET" "$1" "$2" "${3:-}" <<'EOF'
import hashlib, hmac, json, sys, urllib.request, urllib.error
url, secret, user, pw, admin = sys.argv[1:]
admin = admin == "admin"
ep = url + "/_synapse/admin/v1/register"
nonce = json.load(urllib.request.urlopen(ep, timeout=30))["nonce"]
# HMAC-SHA1 over nonce NUL user NUL password NUL ("admin"|"notadmin")
msg = b"\x00".join(x.encode() for x in (nonce, user, pw, "admin" if admin else "notadmin"))
mac = hmac.new(secret.encode(), msg, hashlib.sha1).hexdigest()
body = json.dumps({"nonce": nonce, "username": user, "password": pw, "admin": admin, "mac": mac}).encode()
req = urllib.request.Request(ep, body, {"Content-Type": "application/json"})
try:
    out = json.load(urllib.request.urlopen(req, timeout=30))
except urllib.error.HTTPError as e:
    sys.exit(f"registration of {user} failed: HTTP {e.code} {e.read().decode(errors='replace')}")
print(f"user_id={out['user_id']}")
print(f"access_token={out['access_token']}")
print(f"device_id={out['device_id']}")
EOF
}

case ${1:-start} in
  install) do_install ;;
  start) do_start ;;
  register) shift; do_register "$@" ;;
  stop) do_stop ;;
  reset) do_stop; rm -rf "$SYNAPSE_DATA"; log "removed $SYNAPSE_DATA" ;;
  *) echo "usage: $0 install|start|register USER PASS [admin]|stop|reset" >&2; exit 2 ;;
esac
