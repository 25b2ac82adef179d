# Shell helpers shared by the scripts that install Debian packages for the tests
# (chromium.sh, postgres.sh). Sourced, not run.

# Runs "$@" as root: directly when this is root, else with sudo; stops the calling script
# with a clear message when neither works.
as_root() {
  if [[ $(id -u) -eq 0 ]]; then
    "$@"
  elif command -v sudo >/dev/null; then
    sudo "$@"
  else
    echo "[$(basename "$0")] error: installing packages needs root, and sudo is missing" >&2
    exit 1
  fi
}
