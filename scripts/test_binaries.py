"""Prints the test executables of one package from `cargo test --no-run --message-format=json`.

    python3 scripts/test_binaries.py FILE PACKAGE [TARGET]

FILE holds cargo's JSON messages; PACKAGE is a package name (`commands`); TARGET, when
given, keeps only the test target of that name (`it`). Benchmarks are left out. Used by
scripts/test.sh to run the same binaries a second time on PostgreSQL.
"""
import json
import sys


def package_name(package_id: str) -> str:
    # `path+file:///…/commands#0.1.0` or `path+file:///…/main#spieltisch@0.1.0`
    path, _, fragment = package_id.partition("#")
    if "@" in fragment:
        return fragment.split("@", 1)[0]
    return path.rstrip("/").rsplit("/", 1)[-1]


def main() -> None:
    messages, package = sys.argv[1], sys.argv[2]
    target = sys.argv[3] if len(sys.argv) > 3 else None
    for line in open(messages, encoding="utf-8"):
        try:
            msg = json.loads(line)
        except ValueError:
            continue
        if msg.get("reason") != "compiler-artifact" or not msg.get("executable"):
            continue
        if package_name(msg["package_id"]) != package or not msg["profile"]["test"]:
            continue
        kind = msg["target"]["kind"]
        if kind == ["bench"] or (target is not None and (msg["target"]["name"], kind) != (target, ["test"])):
            continue
        print(msg["executable"])


if __name__ == "__main__":
    main()
