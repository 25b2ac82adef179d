#!/usr/bin/env bash
# A throwaway PostgreSQL server on 127.0.0.1 for Spieltisch's storage tests.
#
#   scripts/postgres.sh install    install Debian's `postgresql` package (apt-get, without
#                                  recommends, without its default cluster) unless a
#                                  server is present
#   scripts/postgres.sh start      install (if needed), create the data dir (initdb) and
#                                  start the server on a free 127.0.0.1 port (on a later
#                                  start of the same data dir: the same port, so running
#                                  bots reconnect); prints
#                                  POSTGRES_URL=postgres://spieltisch@127.0.0.1:PORT
#   scripts/postgres.sh stop       stop the server of this data dir
#   scripts/postgres.sh reset      stop it and delete the data dir
#
# Settings (environment):
#   POSTGRES_DATA   data dir of this instance (cluster, log, env, port)
#                   [${TMPDIR:-/tmp}/spieltisch-postgres]
#   POSTGRES_PORT   the port to listen on (kept in $POSTGRES_DATA/port for later starts)
#                   [the kept one, else a free one]
#   POSTGRES_BIN    the directory with initdb and pg_ctl [the newest /usr/lib/postgresql/*/bin]
#   POSTGRES_RUN_AS the user the server runs as when this script runs as root (PostgreSQL
#                   refuses to run as root) [postgres, made by the package]
#
# The server is for tests only: it listens on loopback, trusts every local connection
# (user `spieltisch`, no password) and runs without fsync. Spieltisch creates the
# databases it is pointed at, so a test appends its own database name to the URL.
# After `start`, $POSTGRES_DATA/env holds the same KEY=value lines as stdout
# (POSTGRES_URL, POSTGRES_PORT). Progress goes to stderr.
set -euo pipefail

POSTGRES_DATA=${POSTGRES_DATA:-${TMPDIR:-/tmp}/spieltisch-postgres}
POSTGRES_RUN_AS=${POSTGRES_RUN_AS:-postgres}
CLUSTER=$POSTGRES_DATA/cluster

log() { echo "[postgres.sh] $*" >&2; }
die() { log "error: $*"; exit 1; }

find_bin() {   # prints the directory of initdb and pg_ctl, if a server is installed
  if [[ -n ${POSTGRES_BIN:-} ]]; then
    [[ -x $POSTGRES_BIN/initdb ]] && { echo "$POSTGRES_BIN"; return 0; }
    return 1
  fi
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [[ -n $dir && -x $dir/initdb && -x $dir/pg_ctl ]] && { echo "$dir"; return 0; }
  return 1
}

# as_root (install with apt-get as root, or through sudo)
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

do_install() {
  if find_bin >/dev/null; then
    return 0
  fi
  command -v apt-get >/dev/null || die "no PostgreSQL server found and apt-get is missing: install PostgreSQL 14 or newer, or set POSTGRES_BIN"
  log "installing Debian's postgresql (apt-get)"
  # No default cluster on port 5432: the tests start their own server.
  as_root mkdir -p /etc/postgresql-common
  if [[ ! -e /etc/postgresql-common/createcluster.conf ]]; then
    echo "create_main_cluster = false" | as_root tee /etc/postgresql-common/createcluster.conf >/dev/null
  fi
  # Keep the createcluster.conf written above without asking (postgresql-common installs
  # it with ucf, which would otherwise ask, with no terminal to answer; the same for dpkg).
  local apt=(env DEBIAN_FRONTEND=noninteractive UCF_FORCE_CONFFOLD=1 apt-get install -y --no-install-recommends
             -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold postgresql)
  if ! as_root "${apt[@]}" >&2; then
    log "install failed; running apt-get update first"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update >&2
    as_root "${apt[@]}" >&2
  fi
  find_bin >/dev/null || die "postgresql was installed but initdb/pg_ctl are not under /usr/lib/postgresql/*/bin"
}

# Runs a server binary as the server's user (itself when not root).
as_server() {
  if [[ $(id -u) -eq 0 ]]; then
    id "$POSTGRES_RUN_AS" >/dev/null 2>&1 || die "running as root needs the user $POSTGRES_RUN_AS (set POSTGRES_RUN_AS)"
    runuser -u "$POSTGRES_RUN_AS" -- "$@"
  else
    "$@"
  fi
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

running() { [[ -f $CLUSTER/postmaster.pid ]] && as_server "$BIN/pg_ctl" -D "$CLUSTER" status >/dev/null 2>&1; }

do_start() {
  do_install
  BIN=$(find_bin)
  mkdir -p "$POSTGRES_DATA"
  if [[ $(id -u) -eq 0 ]]; then
    chown "$POSTGRES_RUN_AS" "$POSTGRES_DATA"
  fi
  if running; then
    log "already running"
    cat "$POSTGRES_DATA/env"
    return 0
  fi
  if [[ ! -f $CLUSTER/PG_VERSION ]]; then
    log "initdb in $CLUSTER"
    as_server "$BIN/initdb" -D "$CLUSTER" -U spieltisch --auth=trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null 2>&1 \
      || as_server "$BIN/initdb" -D "$CLUSTER" -U spieltisch --auth=trust --encoding=UTF8 --locale=C >&2
  fi
  # The port of this data dir: POSTGRES_PORT, else the one of its first start, else a
  # free one; kept, so that `stop` and `start` leave the URL as it was.
  local port=${POSTGRES_PORT:-}
  if [[ -z $port && -f $POSTGRES_DATA/port ]]; then
    port=$(<"$POSTGRES_DATA/port")
    [[ $port =~ ^[0-9]+$ ]] || die "$POSTGRES_DATA/port holds no port number: $port"
  fi
  [[ -n $port ]] || port=$(free_port)
  echo "$port" >"$POSTGRES_DATA/port"
  log "starting on 127.0.0.1:$port"
  as_server "$BIN/pg_ctl" -D "$CLUSTER" -l "$POSTGRES_DATA/server.log" -w -t 60 \
    -o "-h 127.0.0.1 -p $port -k $POSTGRES_DATA -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=400" \
    start >&2 || { tail -n 30 "$POSTGRES_DATA/server.log" >&2 || true; die "the server did not start on port $port (kept in $POSTGRES_DATA/port; set POSTGRES_PORT for another)"; }
  {
    echo "POSTGRES_URL=postgres://spieltisch@127.0.0.1:$port"
    echo "POSTGRES_PORT=$port"
  } >"$POSTGRES_DATA/env"
  cat "$POSTGRES_DATA/env"
}

do_stop() {
  BIN=$(find_bin) || return 0
  if running; then
    log "stopping"
    as_server "$BIN/pg_ctl" -D "$CLUSTER" -m fast -w stop >&2
  fi
}

case ${1:-} in
  install) do_install ;;
  start) do_start ;;
  stop) do_stop ;;
  reset) do_stop; rm -rf "$POSTGRES_DATA" ;;
  *) echo "usage: $0 install|start|stop|reset" >&2; exit 2 ;;
esac
