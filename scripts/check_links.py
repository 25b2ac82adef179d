#!/usr/bin/env python3
"""Checks the relative links of the project's Markdown: README.md, CONTRIBUTING.md and the
book's pages (docs/src/**/*.md).

    python3 scripts/check_links.py

Every relative link and image (`[text](path)`, `![alt](path)`, `[ref]: path`, and
`href=`/`src=` in HTML) must point to an existing file or directory; `file.md#anchor` and
`#anchor` must name a heading of that page, by mdBook's and GitHub's anchor rule (the
heading's text, lowercase, spaces to `-`, punctuation other than `-` and `_` removed, a
repeated heading gets `-1`, `-2`, ...; `{#id}` and HTML `id=`/`name=` count too). A link
of the book must stay inside docs/src (mdBook publishes nothing else), and every page of
docs/src must be in SUMMARY.md and every other file of docs/src used by some page.
Links with a scheme (https:, mailto:) and links inside code are not checked.

Prints every broken link as `file:line: target: reason` and exits with 1 if there is
any; exits with 0 otherwise. Python 3.11, standard library only.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path
from urllib.parse import unquote

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "docs" / "src"
PREFIX = "[check_links.py]"

# Images the pages show that are still to be drawn and committed (path from the
# repository's root -> how to make it). A link to one of them is reported as a warning
# instead of an error while the file is missing. Remove an entry once its file is in.

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
ATX_HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$")
CUSTOM_ID = re.compile(r"\s*\{#([^}\s]+)[^}]*\}\s*$")
HTML_ID = re.compile(r"""<[a-zA-Z][^>]*?\s(?:id|name)\s*=\s*["']([^"']+)["']""")
HTML_LINK = re.compile(r"""<(?:a|img|source)\b[^>]*?\s(?:href|src)\s*=\s*["']([^"']+)["']""", re.IGNORECASE)
REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def markdown_files() -> list[Path]:
    files = [ROOT / "README.md", ROOT / "CONTRIBUTING.md"]
    files += sorted(BOOK.rglob("*.md"))
    return [f for f in files if f.is_file()]


def rel(path: Path) -> str:
    try:
        return path.relative_to(ROOT).as_posix()
    except ValueError:
        return path.as_posix()


def prose_lines(text: str, blank_code: bool = True):
    """(line number, line) of the lines outside fenced code blocks, code spans blanked
    unless `blank_code` is false."""
    fence = None
    for number, line in enumerate(text.splitlines(), 1):
        match = FENCE.match(line)
        if fence is None:
            if match:
                fence = match.group(1)
                continue
            yield number, CODE_SPAN.sub(lambda m: " " * len(m.group(0)), line) if blank_code else line
        elif match and match.group(1)[0] == fence[0] and len(match.group(1)) >= len(fence) \
                and not line.strip()[len(match.group(1)):].strip():
            fence = None


def heading_text(raw: str) -> str:
    """The text of a heading as mdBook and GitHub see it: inline markup removed."""
    text = CODE_SPAN.sub(lambda m: m.group(2), raw)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # links and images: their text
    text = re.sub(r"<[^>]+>", "", text)  # inline HTML
    text = re.sub(r"(\*+|(?<!\w)_+|_+(?!\w))", "", text)  # emphasis
    return text.strip()


def anchor_ids(text: str) -> set[str]:
    """Every anchor a page has: its headings' ids (both rules) and explicit ids."""
    ids: set[str] = set()
    seen: tuple[dict[str, int], dict[str, int]] = ({}, {})
    for _, line in prose_lines(text, blank_code=False):
        for match in HTML_ID.finditer(line):
            ids.add(match.group(1))
        heading = ATX_HEADING.match(line)
        if not heading:
            continue
        raw = heading.group(2)
        custom = CUSTOM_ID.search(raw)
        if custom:
            ids.add(custom.group(1))
            continue
        base = heading_text(raw)
        # mdBook lowercases ASCII letters only, GitHub every letter: accept either.
        for rule, lower in enumerate((base.lower(), "".join(c.lower() if c.isascii() else c for c in base))):
            slug = "".join(
                c if (c.isalnum() or c in "-_") else "-" if c.isspace() else ""
                for c in lower
            )
            count = seen[rule].get(slug, 0)
            seen[rule][slug] = count + 1
            ids.add(slug if count == 0 else f"{slug}-{count}")
    return ids


def destination(line: str, start: int) -> str | None:
    """The link destination that starts at `start` (just after `](`), or None."""
    depth, end = 0, start
    if line.startswith("<", start):
        close = line.find(">", start)
        return line[start + 1:close] if close != -1 else None
    while end < len(line):
        c = line[end]
        if c == "\\":
            end += 2
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            if depth == 0:
                break
            depth -= 1
        elif c.isspace():
            break
        end += 1
    else:
        return None
    return line[start:end]


def links(text: str):
    """(line number, target) of every link and image of a page."""
    for number, line in prose_lines(text):
        for match in re.finditer(r"(?<!\\)\]\(", line):
            target = destination(line, match.end())
            if target is not None:
                yield number, target
        reference = REFERENCE.match(line)
        if reference:
            yield number, reference.group(1).strip("<>")
        for match in HTML_LINK.finditer(line):
            yield number, match.group(1)


def main() -> int:
    errors: list[str] = []
    warnings: list[str] = []
    anchors: dict[Path, set[str]] = {}
    used: set[Path] = set()
    pages = markdown_files()
    count = 0

    def ids_of(page: Path) -> set[str]:
        if page not in anchors:
            anchors[page] = anchor_ids(page.read_text(encoding="utf-8"))
        return anchors[page]

    for page in pages:
        in_book = BOOK in page.parents
        for number, target in links(page.read_text(encoding="utf-8")):
            where = f"{rel(page)}:{number}: {target}"
            if not target or SCHEME.match(target) or target.startswith("//"):
                continue
            count += 1
            path_part, _, anchor = target.partition("#")
            path_part = unquote(path_part.split("?", 1)[0])
            if path_part.startswith("/"):
                errors.append(f"{where}: an absolute path; use a path relative to the page")
                continue
            file = (page.parent / path_part).resolve() if path_part else page
            if in_book and BOOK.resolve() not in [file, *file.parents]:
                errors.append(f"{where}: outside docs/src, which the book does not publish")
                continue
            if not file.exists():
                errors.append(f"{where}: no such file ({rel(file)})")
                continue
            used.add(file)
            if anchor:
                if file.is_dir() or file.suffix != ".md":
                    continue  # anchors of other files (a line of code) are not checked
                if unquote(anchor) not in ids_of(file):
                    errors.append(f"{where}: no heading #{anchor} in {rel(file)}")

    summary = BOOK / "SUMMARY.md"
    if summary.is_file():
        listed = {
            (summary.parent / unquote(target.partition("#")[0])).resolve()
            for _, target in links(summary.read_text(encoding="utf-8"))
            if target and not SCHEME.match(target)
        }
        for file in sorted(BOOK.rglob("*")):
            if not file.is_file() or file == summary:
                continue
            if file.suffix == ".md":
                if file.resolve() not in listed:
                    errors.append(f"{rel(file)}: a page of the book missing from docs/src/SUMMARY.md")
            elif file.resolve() not in used:
                errors.append(f"{rel(file)}: a file of the book that no page uses")
    elif BOOK.is_dir():
        errors.append(f"{rel(summary)}: missing")


    for warning in warnings:
        print(f"{PREFIX} warning: {warning}", file=sys.stderr)
    if errors:
        print(f"{PREFIX} {len(errors)} broken link(s):", file=sys.stderr)
        for error in errors:
            print(f"  {error}", file=sys.stderr)
        return 1
    print(f"{PREFIX} {count} relative links in {len(pages)} files: all point somewhere")
    return 0


if __name__ == "__main__":
    sys.exit(main())
