#!/usr/bin/env python3
"""Adversarial checks of the spieltisch binary (issue 20's experiments), reproducible.

Drives a built `spieltisch` binary through subprocesses and checks the real outcome by
reading the SQLite file with Python's sqlite3 module (schema: migrations/*.sql):

  kills        SIGKILL `spieltisch local` while it stores moves; afterwards every move it
               acknowledged on stdout is in `log`, the log is exactly the planned game's
               prefix (nothing lost, nothing doubled), `PRAGMA integrity_check` is ok and
               the game exports and replays (`spieltisch export`, `spieltisch replay`).
  move-race    8 processes send the same move at once: exactly one is stored and
               acknowledged, every process gets an answer.
  rematch-race, invitation-race, vacation-race, daily-race
               8 processes on one file: one rematch per finished game, at most
               max_open_invitations (3) open invitations per user, at most 30 days of
               vacation, one daily board per user (no orphan games, every "game #N" told
               to a user is theirs), and every request gets an answer.
  stderr       the log's reader goes away (`2>&1 | head -1`, stderr a closed pipe, fd 2
               closed): no panic, no hang, the chat keeps answering.
  empty-db-url `--db sqlite://`: refused clearly, or it works; never an acknowledged
               invitation whose `join` then fails.
  slow-line    the time of a line that is no command with 72 running games and 300 open
               invitations in the channel, against a new database.
  bad-db       corrupt and future databases: refused (no panic, no hang), file unchanged.
  fuzz         random chat lines (command words, notation, unicode: RTL overrides,
               zero-width, CJK, emoji; huge words, @mentions, numbers, invalid UTF-8),
               batched through `spieltisch local`: a panic is exit 101 or "panicked" on
               stderr, a hang a timeout, any other non-zero exit or a "storage failed"
               reply is a failure too.
  records      records from `spieltisch export` of real games (and the spec's examples)
               with JSON fields flipped, deleted, duplicated and bytes mutated, fed to
               `spieltisch replay -` and `spieltisch render -`: exit 0 or 2, never 101,
               never a hang; replay prints JSON.

Python 3.11 standard library only. `--quick` runs small counts; without it the counts of
issue 20's figures. Prints a table of counts and failures; exit status 1 on any failure.
Inputs that failed are kept under --out (default: a fresh directory in /tmp) with the
command line that reproduces them.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import hashlib
import json
import os
import queue
import random
import re
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Counts: (full, quick).
COUNTS = {
    "kills": (500, 30),
    "end_kills": (200, 20),
    "move_races": (50, 5),
    "rematch_races": (30, 4),
    "invitation_races": (30, 4),
    "vacation_races": (30, 4),
    "daily_races": (30, 4),
    "racers": (8, 8),
    "stderr_runs": (20, 5),
    "fuzz_lines": (100_000, 5_000),
    "fuzz_batch": (1_000, 500),
    "records": (20_000, 1_000),
    "slow_games": (72, 72),
    "slow_invitations": (300, 300),
    "slow_samples": (30, 15),
}

ACK = re.compile(r"^\[[^\]]*\] (.*) plays (.+) \(game #(\d+), move (\d+)\)\.$")
MOVES = re.compile(r"Legal moves for .* in game #(\d+) \((\d+) in all, page (\d+) of (\d+)\): (.*)$")
STORAGE_FAILED = "The game storage failed"


# ---------------------------------------------------------------------------------------
# Results


@dataclass
class Experiment:
    name: str
    counts: dict = field(default_factory=dict)
    failures: list = field(default_factory=list)
    seconds: float = 0.0
    note: str = ""

    def count(self, key: str, n: int = 1) -> None:
        self.counts[key] = self.counts.get(key, 0) + n

    def fail(self, text: str) -> None:
        self.failures.append(text)


class Harness:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.bin = str(Path(args.bin).resolve())
        self.quick = args.quick
        self.rng = random.Random(args.seed)
        if args.out:
            self.out = Path(args.out).resolve()
            self.out.mkdir(parents=True, exist_ok=True)
        else:
            self.out = Path(tempfile.mkdtemp(prefix="spieltisch-adversarial-"))
        self.work = self.out / "work"
        self.work.mkdir(exist_ok=True)
        self.failed_inputs = self.out / "failed"
        self.failed_inputs.mkdir(exist_ok=True)
        self.experiments: list[Experiment] = []
        self.plans: dict = {}
        self.move_seconds: dict = {}  # median time of a move (planning), per game
        self.records: list[str] = []  # exported records (JSON text) for the mutation test

    def n(self, key: str) -> int:
        if key in self.args.counts:
            return self.args.counts[key]
        full, quick = COUNTS[key]
        scale = self.args.scale
        value = quick if self.quick else full
        return max(1, int(value * scale)) if key not in ("racers", "fuzz_batch", "slow_games", "slow_invitations") else value

    def keep(self, name: str, data: bytes | str, how: str) -> str:
        """Keeps a failing input; returns a line saying how to reproduce it."""
        path = self.failed_inputs / name
        path.write_bytes(data.encode() if isinstance(data, str) else data)
        return how.replace("{file}", str(path))


# ---------------------------------------------------------------------------------------
# Processes


@dataclass
class Run:
    rc: int | None
    out: bytes
    err: bytes
    seconds: float
    hung: bool

    @property
    def panicked(self) -> bool:
        return self.rc == 101 or b"panicked" in self.err

    def text(self) -> str:
        return self.out.decode("utf-8", "replace")


def run(argv: list[str], data: bytes | None = None, timeout: float = 60, env: dict | None = None,
        cwd: str | Path | None = None) -> Run:
    """Runs a command to its end (or kills its process group after `timeout`)."""
    start = time.monotonic()
    p = subprocess.Popen(argv, stdin=subprocess.PIPE if data is not None else subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=cwd,
                         start_new_session=True)
    try:
        out, err = p.communicate(data, timeout=timeout)
        return Run(p.returncode, out, err, time.monotonic() - start, False)
    except subprocess.TimeoutExpired:
        kill_group(p)
        out, err = p.communicate()
        return Run(None, out, err, time.monotonic() - start, True)


def kill_group(p: subprocess.Popen) -> None:
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def db_url(path: Path) -> str:
    return "sqlite://" + str(path.resolve())  # sqlite:///abs/path.db


def base_env() -> dict:
    env = dict(os.environ)
    env.pop("RUST_LOG", None)
    env.pop("SPIELTISCH_HATHOR_SECRET", None)
    env["RUST_BACKTRACE"] = "1"
    return env


class Proc:
    """A `spieltisch local` process whose stdout lines are collected by a thread."""

    def __init__(self, h: Harness, db: Path, speaker: str, channel: str = "local", extra: list[str] | None = None,
                 env: dict | None = None, boards: Path | None = None) -> None:
        boards = boards or (h.work / "boards")
        argv = [h.bin, "local", "--db", db_url(db), "--boards", str(boards), "--channel", channel,
                "--as", speaker, "--lang", "en"] + (extra or [])
        self.argv = argv
        self.start = time.monotonic()
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  env=env or base_env(), cwd=h.work, start_new_session=True)
        self.lines: list[str] = []
        self.q: queue.Queue = queue.Queue()
        self.err = bytearray()
        self.first_line = threading.Event()
        self.first_line_at: float | None = None
        self.t_out = threading.Thread(target=self._read_out, daemon=True)
        self.t_err = threading.Thread(target=self._read_err, daemon=True)
        self.t_out.start()
        self.t_err.start()

    def _read_out(self) -> None:
        for raw in self.p.stdout:
            line = raw.decode("utf-8", "replace").rstrip("\n")
            if not self.first_line.is_set():
                self.first_line_at = time.monotonic()
                self.first_line.set()
            self.lines.append(line)
            self.q.put(line)
        self.first_line.set()
        self.q.put(None)

    def _read_err(self) -> None:
        for raw in self.p.stderr:
            self.err.extend(raw)

    def send(self, data: bytes | str) -> None:
        if isinstance(data, str):
            data = data.encode()
        try:
            self.p.stdin.write(data)
            self.p.stdin.flush()
        except (BrokenPipeError, ValueError, OSError):
            pass

    def close_input(self) -> None:
        try:
            self.p.stdin.close()
        except (BrokenPipeError, OSError):
            pass

    def kill(self) -> None:
        kill_group(self.p)

    def wait(self, timeout: float) -> bool:
        """Waits for the end; False (and killed) after `timeout`."""
        try:
            self.p.wait(timeout=timeout)
            ok = True
        except subprocess.TimeoutExpired:
            self.kill()
            self.p.wait()
            ok = False
        self.t_out.join(10)
        self.t_err.join(10)
        return ok

    @property
    def panicked(self) -> bool:
        return self.p.returncode == 101 or b"panicked" in self.err


class Chat:
    """A synchronous terminal chat: `cmd(line)` returns the lines that answer it.

    After each line the chat sends `as <speaker>` (answered by "You speak as ... now.",
    no database involved) and reads up to that answer."""

    def __init__(self, h: Harness, db: Path, speaker: str = "alice", channel: str = "local",
                 extra: list[str] | None = None) -> None:
        self.proc = Proc(h, db, speaker, channel, extra)
        self.speaker = speaker
        self.timeout = 120
        self.welcome = self._next(self.timeout)

    def _next(self, timeout: float) -> str:
        try:
            line = self.proc.q.get(timeout=timeout)
        except queue.Empty:
            raise RuntimeError(f"no answer within {timeout}s from {self.proc.argv}") from None
        if line is None:
            raise RuntimeError(f"the chat ended (status {self.proc.p.poll()}): {bytes(self.proc.err[-2000:])!r}")
        return line

    def cmd(self, line: str) -> list[str]:
        if line.startswith("as "):
            # Its own answer ("You speak as ... now.") ends it.
            self.speaker = line[3:].strip()
            self.proc.send(f"{line}\n")
            got = []
            while not (text := self._next(self.timeout)).startswith("You speak as "):
                got.append(text)
            return got
        marker = f"as {self.speaker}"
        self.proc.send(f"{line}\n{marker}\n")
        echo = f"{self.speaker}> {marker}"
        got: list[str] = []
        while True:
            text = self._next(self.timeout)
            if text == echo:
                self._next(self.timeout)  # You speak as ... now.
                break
            got.append(text)
        # Drop the echo of the line itself.
        return [g for g in got if not g.endswith(f"> {line}")]

    def close(self) -> None:
        self.proc.close_input()
        self.proc.wait(60)


def connect(db: Path) -> sqlite3.Connection:
    con = sqlite3.connect(str(db), timeout=30)
    con.row_factory = sqlite3.Row
    return con


def query(db: Path, sql: str, args: tuple = ()) -> list[sqlite3.Row]:
    con = connect(db)
    try:
        return con.execute(sql, args).fetchall()
    finally:
        con.close()


def latest_game(db: Path, channel: str) -> list[sqlite3.Row]:
    """The channel's newest game ([] when there is none, or no schema yet)."""
    if not db.exists():
        return []
    try:
        return query(db, "SELECT id, kind, seed, status, seq FROM games WHERE channel = ? ORDER BY id DESC LIMIT 1",
                     (channel,))
    except sqlite3.OperationalError as e:
        if "no such table" in str(e):
            return []
        raise


def stored_moves(db: Path, channel: str) -> int:
    if not latest_game(db, channel):
        return 0
    return query(db, "SELECT count(*) AS n FROM log JOIN games ON games.id = log.game_id WHERE channel = ?",
                 (channel,))[0]["n"]


def players_of(db: Path, game: int) -> list[str]:
    return [r["user_id"] for r in query(db, "SELECT user_id FROM players WHERE game_id = ? ORDER BY seat", (game,))]


# ---------------------------------------------------------------------------------------
# Planned games: a seeded game played once with random legal moves (`moves`), so that the
# same game (same seed, same seats) can be played again move for move elsewhere.

GAMES = [("carat", 7, "carat seed=7"), ("aratoth", 3, "aratoth seed=3")]


def setup_lines(kind_new: str, a: str, b: str) -> list[str]:
    if kind_new.startswith("hathor"):  # solo
        return [f"as {a}", f"new {kind_new}", "start"]
    return [f"as {a}", f"new {kind_new}", f"as {b}", "join", "start"]


def plan_game(h: Harness, kind_new: str, max_moves: int = 400) -> list[tuple[int, str]]:
    if kind_new in h.plans:
        return h.plans[kind_new]
    db = h.work / f"plan-{kind_new.split()[0]}.db"
    for suffix in ("", "-wal", "-shm"):
        Path(str(db) + suffix).unlink(missing_ok=True)
    chat = Chat(h, db, "alice", "plan")
    for line in setup_lines(kind_new, "alice", "bob"):
        chat.cmd(line)
    game = query(db, "SELECT max(id) AS id FROM games")[0]["id"]
    rng = random.Random(h.args.seed)
    plan: list[tuple[int, str]] = []
    took: list[float] = []
    for _ in range(max_moves):
        row = query(db, "SELECT status, to_move, seq FROM games WHERE id = ?", (game,))[0]
        if row["status"] != "running":
            break
        seat = int(row["to_move"].split(",")[0])
        user = players_of(db, game)[seat]
        chat.cmd(f"as {user}")
        listing = [m for line in chat.cmd("moves") if (m := MOVES.search(line))]
        if listing:
            pages = int(listing[0].group(4))
            if pages > 1:
                listing = [m for line in chat.cmd(f"moves page={rng.randint(1, pages)}") if (m := MOVES.search(line))]
            moves = listing[0].group(5).split(", ")
        else:  # Hathor lists no moves (the hint costs points): try fields
            moves = [f"{c}{r}" for c in "ABCDEFGHIJKLMN" for r in range(1, 9)]
        for _attempt in range(200):  # a move may hold ", " itself (Helofag's "S+5, A5+3")
            t = time.monotonic()
            chat.cmd(rng.choice(moves))
            took.append(time.monotonic() - t)
            log = query(db, "SELECT seq, seat, text FROM log WHERE game_id = ? ORDER BY seq", (game,))
            if len(log) == len(plan) + 1:
                break
        else:
            raise RuntimeError(f"planning {kind_new}: no listed move was stored")
        plan.append((log[-1]["seat"], log[-1]["text"]))
    chat.close()
    h.records.append(run([h.bin, "export", str(game), "--db", db_url(db)]).text())
    h.plans[kind_new] = plan
    h.move_seconds[kind_new] = statistics.median(took)
    return plan


# ---------------------------------------------------------------------------------------
# Checks of a database against planned games


def check_db(h: Harness, db: Path, channel: str, acks: list[tuple[int, int, str]], exp: Experiment,
             replay_games: bool) -> list[str]:
    """Integrity, the log of every game in `channel` against its plan, the acknowledged
    moves; optionally export + replay every game. Returns the failures."""
    problems: list[str] = []
    con = connect(db)
    try:
        ic = [r[0] for r in con.execute("PRAGMA integrity_check").fetchall()]
        if ic != ["ok"]:
            problems.append(f"integrity_check: {ic[:3]}")
            exp.count("corrupt")
        fk = con.execute("PRAGMA foreign_key_check").fetchall()
        if fk:
            problems.append(f"foreign_key_check: {len(fk)} rows")
            exp.count("corrupt")
        games = con.execute("SELECT id, kind, seed, status, seq FROM games WHERE channel = ? ORDER BY id",
                            (channel,)).fetchall()
        by_id = {g["id"]: g for g in games}
        logs = {}
        for g in games:
            log = con.execute("SELECT seq, seat, text FROM log WHERE game_id = ? ORDER BY seq", (g["id"],)).fetchall()
            logs[g["id"]] = log
            plan = h.plans.get(f"{g['kind']} seed={g['seed']}")
            if plan is None:
                continue
            seqs = [r["seq"] for r in log]
            if seqs != list(range(1, len(log) + 1)):
                problems.append(f"game #{g['id']}: log numbers {seqs}")
                exp.count("doubled")
            if g["seq"] != len(log):
                problems.append(f"game #{g['id']}: games.seq {g['seq']} but {len(log)} log entries")
                exp.count("corrupt")
            stored = [(r["seat"], r["text"]) for r in log]
            if stored != plan[: len(stored)]:
                problems.append(f"game #{g['id']}: the log is not the planned game's prefix: {stored[-3:]}")
                exp.count("doubled")
            if len(stored) > len(plan):
                problems.append(f"game #{g['id']}: more moves than the game has")
                exp.count("doubled")
            finished = len(stored) == len(plan)
            if g["status"] == "running" and finished or g["status"] == "finished" and not finished:
                problems.append(f"game #{g['id']}: status {g['status']} after {len(stored)} of {len(plan)} moves")
                exp.count("corrupt")
        for game, seq, text in acks:
            log = logs.get(game)
            if game not in by_id or log is None or seq > len(log) or log[seq - 1]["text"] != text:
                problems.append(f"acknowledged move {seq} of game #{game} ({text}) is not stored")
                exp.count("lost")
    finally:
        con.close()
    if replay_games:
        for g in games:
            if g["status"] in ("invited", "withdrawn"):
                continue
            problems += replay_check(h, db, g["id"], len(logs[g["id"]]), exp)
    return problems


def replay_check(h: Harness, db: Path, game: int, moves: int, exp: Experiment) -> list[str]:
    exported = run([h.bin, "export", str(game), "--db", db_url(db)], timeout=60)
    exp.count("exports")
    if exported.rc != 0:
        exp.count("corrupt")
        return [f"export #{game} failed ({exported.rc}): {exported.err[-300:]!r}"]
    replayed = run([h.bin, "replay", "-"], exported.out, timeout=60)
    exp.count("replays")
    try:
        summary = json.loads(replayed.out)
    except ValueError:
        summary = {}
    if replayed.rc != 0 or summary.get("moves_applied") != moves:
        exp.count("corrupt")
        return [f"replay of #{game}: status {replayed.rc}, {summary.get('moves_applied')} of {moves} moves"]
    if len(h.records) < 40 and h.rng.random() < 0.2:
        h.records.append(exported.text())
    return []


def fresh_db(h: Harness, name: str) -> Path:
    db = h.work / f"{name}.db"
    for suffix in ("", "-wal", "-shm"):
        Path(str(db) + suffix).unlink(missing_ok=True)
    return db


# ---------------------------------------------------------------------------------------
# Experiment: SIGKILL during moves


def exp_kills(h: Harness) -> Experiment:
    exp = Experiment("kills")
    total = h.n("kills")
    db = fresh_db(h, "kills")
    channel = "kill"
    startup = 0.1  # seconds until the database is open, measured as we go
    game_index = 0
    for i in range(total):
        # Where the channel stands: continue the latest game, or begin the next one.
        latest = latest_game(db, channel)
        lines: list[str] = []
        if not latest or latest[0]["status"] in ("finished", "withdrawn"):
            kind_new = GAMES[game_index % len(GAMES)][2]
            game_index += 1
            lines += setup_lines(kind_new, "alice", "bob")
            done = 0
            users = ["alice", "bob"]
        else:
            g = latest[0]
            kind_new = f"{g['kind']} seed={g['seed']}"
            users = players_of(db, g["id"])
            done = len(query(db, "SELECT seq FROM log WHERE game_id = ?", (g["id"],)))
            if g["status"] == "invited":
                lines += ["as bob", "join", "start"] if len(users) < 2 else ["as alice", "start"]
                users = ["alice", "bob"]
        plan = plan_game(h, kind_new)
        batch = plan[done: done + h.rng.randint(1, 4)]
        per_move = h.move_seconds[kind_new]
        for seat, move in batch:
            lines += [f"as {users[seat]}", move]
        stored_before = stored_moves(db, channel)
        proc = Proc(h, db, "alice", channel)
        proc.send("\n".join(lines) + "\n")
        # Most kills land while moves are stored; some while the database is opened.
        early = h.rng.random() < 0.1
        if early:
            time.sleep(h.rng.uniform(0, startup))
        else:
            proc.first_line.wait(60)
            time.sleep(h.rng.uniform(0, per_move * (len(batch) + 0.5)))
        ended_before = proc.p.poll() is not None
        proc.kill()
        proc.wait(30)
        acks = [(int(m.group(3)), int(m.group(4)), m.group(2)) for line in proc.lines if (m := ACK.match(line))]
        exp.count("kills")
        exp.count("acknowledged moves", len(acks))
        if ended_before:
            exp.count("ended before the kill")
        elif early:
            exp.count("kills while opening")
        else:
            exp.count("kills while playing")
        if proc.panicked:
            exp.fail(f"kill {i}: panicked: {bytes(proc.err[-500:])!r}")
        if proc.first_line_at:
            startup = 0.8 * startup + 0.2 * (proc.first_line_at - proc.start)
        if not latest_game(db, channel):
            continue
        # Killed after the commit, before the answer: stored but never acknowledged (fine).
        exp.count("stored, not acknowledged", max(0, stored_moves(db, channel) - stored_before - len(acks)))
        problems = check_db(h, db, channel, acks, exp, replay_games=False)
        for p in problems:
            exp.fail(f"kill {i}: {p}")
        # Export and replay the game the process was playing (every few kills, and at its end).
        latest = latest_game(db, channel)
        if latest and latest[0]["status"] != "invited" and (i % 5 == 0 or latest[0]["status"] == "finished"):
            for p in replay_check(h, db, latest[0]["id"], latest[0]["seq"], exp):
                exp.fail(f"kill {i}: {p}")
    for p in check_db(h, db, channel, [], exp, replay_games=True):
        exp.fail(f"final: {p}")
    exp.counts["games"] = len(query(db, "SELECT id FROM games WHERE channel = ? AND status != 'withdrawn'", (channel,)))
    for key in ("lost", "doubled", "corrupt"):
        exp.counts.setdefault(key, 0)
    if exp.failures:
        exp.failures.append(f"database kept at {db}")
    return exp


# ---------------------------------------------------------------------------------------
# Experiment: SIGKILL as games end (issue 38): the last move and the rating were two
# transactions, and nothing rated a game later, so a kill between them left the game out
# of the ratings for good; a move stored just before a kill was never acknowledged.


def exp_end_kills(h: Harness) -> Experiment:
    exp = Experiment("end-kills")
    total = h.n("end_kills")
    db = fresh_db(h, "end-kills")
    channel = "ends"
    lines = setup_lines("carat seed=7", "alice", "bob") + ["as alice", "c3 red", "as bob", "resign"]
    # How long the script takes unkilled (after the first line), in a database of its own.
    calibration = Proc(h, fresh_db(h, "end-kills-calibration"), "alice", channel)
    calibration.send("\n".join(lines) + "\n")
    calibration.close_input()
    calibration.first_line.wait(60)
    began = time.monotonic()
    calibration.wait(120)
    whole = max(0.05, time.monotonic() - began)
    exp.counts["script seconds"] = round(whole, 2)
    for i in range(total):
        # A game that ends with alice's move and bob's resignation; the kill lands in the
        # last half of the script, around the end of the game.
        # A channel per game, so that a game left running by a kill is not the one the
        # next script's moves mean.
        proc = Proc(h, db, "alice", f"{channel}{i}")
        proc.send("\n".join(lines) + "\n")
        proc.first_line.wait(60)
        time.sleep(h.rng.uniform(0.3 * whole, 1.2 * whole))
        proc.kill()
        proc.wait(30)
        exp.count("kills")
        if proc.panicked:
            exp.fail(f"kill {i}: panicked: {bytes(proc.err[-500:])!r}")
    finished = [r["id"] for r in query(db, "SELECT id FROM games WHERE channel LIKE ? AND status = 'finished'", (channel + '%',))]
    unrated = query(db, "SELECT g.id FROM games g WHERE g.channel LIKE ? AND g.status = 'finished' "
                        "AND NOT EXISTS (SELECT 1 FROM rated_games r WHERE r.game_id = g.id)", (channel + '%',))
    exp.count("finished games", len(finished))
    exp.count("left unrated by the kills", len(unrated))
    pending = query(db, "SELECT game_id FROM unanswered_moves")
    exp.count("moves stored, not answered", len(pending))
    # A restart: its first poll rates what the kills left unrated (in every channel); two
    # minutes later (the terminal's clock, kept in the database) each channel's terminal
    # tells the movers of its unanswered moves.
    channels = sorted({r["channel"] for r in query(db, "SELECT g.channel FROM unanswered_moves u JOIN games g ON g.id = u.game_id")})
    told = 0
    for n, ch in enumerate(channels or [channel]):
        chat = Chat(h, db, "alice", ch)
        said = chat.cmd("wait 2m") if n == 0 else chat.cmd("games")
        said += chat.cmd("games") + chat.cmd("as bob") + chat.cmd("games")
        told += sum(1 for line in said if "was stored" in line)
        chat.close()
    still = query(db, "SELECT g.id FROM games g WHERE g.channel LIKE ? AND g.status = 'finished' "
                      "AND NOT EXISTS (SELECT 1 FROM rated_games r WHERE r.game_id = g.id)", (channel + '%',))
    exp.count("unrated after the restart", len(still))
    for r in still:
        exp.fail(f"game #{r['id']} finished but never rated")
    # Each finished game is the only one rated in its channel: both players once.
    for r in query(db, "SELECT id, channel FROM games WHERE channel LIKE ? AND status = 'finished'", (channel + '%',)):
        counted = [x["games"] for x in query(db, "SELECT games FROM ratings WHERE scope = ? AND kind = 'carat'", (r["channel"],))]
        if counted != [1, 1]:
            exp.fail(f"game #{r['id']}: its players are rated for {counted} games, not once each")
    left = query(db, "SELECT game_id FROM unanswered_moves")
    exp.count("movers told after the restart", told)
    if left:
        exp.fail(f"{len(left)} unanswered moves left after the restart")
    if told != len(pending):
        exp.fail(f"{len(pending)} moves were stored but not answered; {told} movers were told")
    if exp.failures:
        exp.failures.append(f"database kept at {db}")
    return exp


# ---------------------------------------------------------------------------------------
# Races: 8 processes on one file, the lines written to all of them at once after every
# one has opened the database.


def race(h: Harness, db: Path, specs: list[tuple[str, list[str]]], channel: str, extra: list[str] | None = None,
         timeout: float = 120) -> list[Proc]:
    procs = [Proc(h, db, speaker, channel, extra) for speaker, _ in specs]
    for p in procs:
        p.first_line.wait(60)
    for p, (_, lines) in zip(procs, specs):
        p.send("\n".join(lines) + "\n")
    for p in procs:
        p.close_input()
    for p in procs:
        if not p.wait(timeout):
            p.hung = True
    return procs


def answers(proc: Proc) -> list[list[str]]:
    """The answer lines of each input line (its echo starts a group)."""
    groups: list[list[str]] = []
    for line in proc.lines[1:]:
        if re.match(r"^[^\[\s(][^>]*> ", line) and not line.startswith("    "):
            groups.append([])
        elif groups:
            groups[-1].append(line)
    return groups


def race_common(exp: Experiment, procs: list[Proc], round_no: int) -> None:
    for i, p in enumerate(procs):
        if getattr(p, "hung", False):
            exp.fail(f"round {round_no}: process {i} hung")
            exp.count("hangs")
        if p.panicked:
            exp.fail(f"round {round_no}: process {i} panicked: {bytes(p.err[-400:])!r}")
            exp.count("panics")
        groups = answers(p)
        if not groups or any(not g for g in groups):
            exp.fail(f"round {round_no}: process {i} got no answer to a request: {p.lines[1:]}")
            exp.count("unanswered")
        if any(STORAGE_FAILED in line for line in p.lines):
            exp.fail(f"round {round_no}: process {i} was told the storage failed")
            exp.count("storage failed")


def prepare(h: Harness, db: Path, channel: str, lines: list[str], speaker: str = "alice",
            extra: list[str] | None = None) -> Run:
    argv = [h.bin, "local", "--db", db_url(db), "--boards", str(h.work / "boards"), "--channel", channel,
            "--as", speaker, "--lang", "en"] + (extra or [])
    r = run(argv, ("\n".join(lines) + "\n").encode(), timeout=300, env=base_env(), cwd=h.work)
    if r.rc != 0:
        raise RuntimeError(f"preparing failed ({r.rc}): {r.err[-500:]!r}")
    return r


def exp_move_race(h: Harness) -> Experiment:
    exp = Experiment("move-race")
    db = fresh_db(h, "move-race")
    channel = "race"
    racers = h.n("racers")
    game_index = 0
    for rnd in range(h.n("move_races")):
        latest = latest_game(db, channel)
        if not latest or latest[0]["status"] != "running":
            kind_new = GAMES[game_index % len(GAMES)][2]
            game_index += 1
            prepare(h, db, channel, setup_lines(kind_new, "alice", "bob"))
            latest = latest_game(db, channel)
        g = latest[0]
        plan = plan_game(h, f"{g['kind']} seed={g['seed']}")
        done = len(query(db, "SELECT seq FROM log WHERE game_id = ?", (g["id"],)))
        seat, move = plan[done]
        user = players_of(db, g["id"])[seat]
        procs = race(h, db, [(user, [move])] * racers, channel)
        exp.count("rounds")
        exp.count("processes", racers)
        race_common(exp, procs, rnd)
        acks = [(int(m.group(3)), int(m.group(4)), m.group(2)) for p in procs for line in p.lines
                if (m := ACK.match(line))]
        after = len(query(db, "SELECT seq FROM log WHERE game_id = ?", (g["id"],)))
        if after != done + 1:
            exp.fail(f"round {rnd}: {after - done} moves stored (game #{g['id']}, move {done + 1})")
            exp.count("not exactly one stored")
        if len(acks) != 1:
            exp.fail(f"round {rnd}: {len(acks)} processes were told their move was played")
            exp.count("not exactly one acknowledged")
        for p in check_db(h, db, channel, acks, exp, replay_games=False):
            exp.fail(f"round {rnd}: {p}")
    for p in check_db(h, db, channel, [], exp, replay_games=True):
        exp.fail(f"final: {p}")
    return exp


def exp_rematch_race(h: Harness) -> Experiment:
    exp = Experiment("rematch-race")
    db = fresh_db(h, "rematch-race")
    channel = "rematch"
    racers = h.n("racers")
    for rnd in range(h.n("rematch_races")):
        a, b = f"ra{rnd}", f"rb{rnd}"
        prepare(h, db, channel, setup_lines("carat", a, b) + [f"as {a}", "resign"])
        old = query(db, "SELECT id, status FROM games WHERE creator = ? ORDER BY id DESC LIMIT 1", (a,))[0]
        if old["status"] != "finished":
            raise RuntimeError(f"round {rnd}: the game to play again is {old['status']}")
        specs = [(a if i % 2 == 0 else b, [f"rematch #{old['id']}"]) for i in range(racers)]
        procs = race(h, db, specs, channel)
        exp.count("rounds")
        exp.count("processes", racers)
        race_common(exp, procs, rnd)
        new_games = query(db, "SELECT id FROM games WHERE channel = ? AND id > ?", (channel, old["id"]))
        rematches = query(db, "SELECT new_game_id FROM rematches WHERE old_game_id = ?", (old["id"],))
        if len(new_games) != 1 or len(rematches) != 1:
            exp.fail(f"round {rnd}: {len(new_games)} new games, {len(rematches)} rematch rows for game #{old['id']}")
            exp.count("not exactly one rematch")
        for (speaker, _), p in zip(specs, procs):
            for line in p.lines[1:]:
                # "Waiting for @x" told to x: a reply contradicting what x just did.
                m = re.search(r"[Ww]aiting for (.*?)\.?$", line)
                if m and re.search(rf"@{re.escape(speaker)}\b", m.group(1)):
                    exp.fail(f"round {rnd}: {speaker} was told: {line.strip()}")
                    exp.count("contradicting replies")
    return exp


def exp_invitation_race(h: Harness) -> Experiment:
    exp = Experiment("invitation-race")
    db = fresh_db(h, "invitation-race")
    config = h.work / "invitations.toml"
    config.write_text("[clock]\nmax_open_invitations = 3\n")
    racers = h.n("racers")
    for rnd in range(h.n("invitation_races")):
        user = f"inv{rnd}"
        procs = race(h, db, [(user, ["new carat"])] * racers, "invite", ["--config", str(config)])
        exp.count("rounds")
        exp.count("processes", racers)
        race_common(exp, procs, rnd)
        n = len(query(db, "SELECT id FROM games WHERE creator = ? AND status = 'invited'", (user,)))
        told = sum(1 for p in procs for line in p.lines if "invites you to a game" in line)
        if n > 3:
            exp.fail(f"round {rnd}: {n} open invitations of {user} (at most 3)")
            exp.count("over the limit")
        if n != told:
            exp.fail(f"round {rnd}: {n} invitations stored, {told} acknowledged")
            exp.count("stored != acknowledged")
        if n < 3:
            exp.fail(f"round {rnd}: only {n} of 3 allowed invitations stored")
            exp.count("under the limit")
    return exp


def exp_vacation_race(h: Harness) -> Experiment:
    exp = Experiment("vacation-race")
    db = fresh_db(h, "vacation-race")
    racers = h.n("racers")
    day = 86_400_000
    for rnd in range(h.n("vacation_races")):
        user = f"vac{rnd}"
        procs = race(h, db, [(user, ["vacation 20"])] * racers, "vacation")
        exp.count("rounds")
        exp.count("processes", racers)
        race_common(exp, procs, rnd)
        rows = query(db, "SELECT starts, ends FROM vacations WHERE user_id = ?", (user,))
        days = sum(r["ends"] - r["starts"] for r in rows) / day
        told = sum(1 for p in procs for line in p.lines if "is on vacation for" in line)
        if days > 30:
            exp.fail(f"round {rnd}: {days:g} days of vacation stored for {user} (allowance 30)")
            exp.count("over the allowance")
        if len(rows) != told or len(rows) != 1:
            exp.fail(f"round {rnd}: {len(rows)} vacations stored, {told} acknowledged (expected 1)")
            exp.count("not exactly one")
    return exp


def exp_daily_race(h: Harness) -> Experiment:
    exp = Experiment("daily-race")
    db = fresh_db(h, "daily-race")
    racers = h.n("racers")
    for rnd in range(h.n("daily_races")):
        channel = f"daily{rnd}"
        users = [f"da{rnd}", f"db{rnd}"]
        specs = [(users[i % 2], ["daily hathor", "daily hathor"]) for i in range(racers)]
        procs = race(h, db, specs, channel)
        exp.count("rounds")
        exp.count("processes", racers)
        race_common(exp, procs, rnd)
        challenges = query(db, "SELECT id FROM challenges WHERE channel = ?", (channel,))
        games = query(db, "SELECT id, creator FROM games WHERE channel = ?", (channel,))
        boards = {r["user_id"]: r["game_id"] for r in query(
            db, "SELECT cg.user_id, cg.game_id FROM challenge_games cg JOIN challenges c ON c.id = cg.challenge_id "
                "WHERE c.channel = ?", (channel,))}
        if len(challenges) != 1:
            exp.fail(f"round {rnd}: {len(challenges)} daily challenges in {channel}")
            exp.count("not one challenge")
        if sorted(boards) != sorted(users):
            exp.fail(f"round {rnd}: boards for {sorted(boards)}")
            exp.count("missing boards")
        orphans = [g["id"] for g in games if g["id"] not in boards.values()]
        if orphans:
            exp.fail(f"round {rnd}: games without a challenge (orphans): {orphans}")
            exp.count("orphan games")
        for (speaker, _), p in zip(specs, procs):
            for line in p.lines:
                if "our board" not in line:
                    continue
                for m in re.finditer(r"(?:your board is game #|\(game #)(\d+)\)?", line):
                    if int(m.group(1)) != boards.get(speaker):
                        exp.fail(f"round {rnd}: {speaker} was told game #{m.group(1)}, theirs is "
                                 f"#{boards.get(speaker)}: {line.strip()}")
                        exp.count("wrong game told")
    return exp


# ---------------------------------------------------------------------------------------
# Experiment: standard error closed


def exp_stderr(h: Harness) -> Experiment:
    exp = Experiment("stderr")
    runs = h.n("stderr_runs")
    env = base_env()
    env["RUST_LOG"] = "debug"
    d = h.work / "stderr"
    d.mkdir(exist_ok=True)
    # A: printf 'board\nboard\nboard\n' | RUST_LOG=debug spieltisch local --db sqlite://g.db 2>&1 | head -1
    for i in range(runs):
        if i % 2 == 0:
            for suffix in ("", "-wal", "-shm"):
                (d / f"g.db{suffix}").unlink(missing_ok=True)
        r, w = os.pipe()
        p = subprocess.Popen([h.bin, "local", "--db", "sqlite://g.db"], stdin=subprocess.PIPE, stdout=w, stderr=w,
                             env=env, cwd=d, start_new_session=True)
        os.close(w)
        reader = os.fdopen(r, "rb")
        try:
            p.stdin.write(b"board\nboard\nboard\n")
            p.stdin.close()
        except BrokenPipeError:
            pass
        reader.readline()
        reader.close()
        exp.count("head -1 runs")
        try:
            rc = p.wait(timeout=15)
        except subprocess.TimeoutExpired:
            kill_group(p)
            p.wait()
            exp.count("hangs")
            exp.fail(f"`| head -1` run {i}: hung (killed after 15 s)")
            continue
        if rc == 101:
            exp.count("panics (exit 101)")
            exp.fail(f"`| head -1` run {i}: exit 101")
        elif rc != 0:
            exp.count(f"exit {rc}")
            exp.fail(f"`| head -1` run {i}: exit {rc}")
    # B: stderr is a pipe nobody reads any more; stdout must carry every answer.
    script = ["new carat seed=1", "as bob", "join", "start", "board", "as alice", "board", "games", "board"]
    for i in range(runs):
        db = fresh_db(h, f"stderr-b{i % 2}") if i < 2 else h.work / f"stderr-b{i % 2}.db"
        r, w = os.pipe()
        os.close(r)
        p = subprocess.Popen([h.bin, "local", "--db", db_url(db), "--boards", str(d / "boards"), "--as", "alice"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=w, env=env, cwd=d,
                             start_new_session=True)
        os.close(w)
        exp.count("closed-pipe runs")
        try:
            out, _ = p.communicate(("\n".join(script) + "\n").encode(), timeout=60)
        except subprocess.TimeoutExpired:
            kill_group(p)
            p.communicate()
            exp.count("hangs")
            exp.fail(f"stderr a closed pipe, run {i}: hung")
            continue
        text = out.decode("utf-8", "replace")
        pictures = text.count("picture: ")
        if p.returncode != 0 or text.count("alice> board") < 2 or pictures < 3:
            exp.count("stopped answering")
            exp.fail(f"stderr a closed pipe, run {i}: exit {p.returncode}, {pictures} pictures; "
                     f"last lines {text.splitlines()[-3:]}")
    # C: file descriptor 2 closed (`2>&-`).
    for i in range(max(2, runs // 4)):
        db = h.work / "stderr-c.db"
        p = subprocess.Popen([h.bin, "local", "--db", db_url(db), "--boards", str(d / "boards"), "--as", "alice"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, cwd=d,
                             start_new_session=True, preexec_fn=lambda: os.close(2))
        exp.count("fd 2 closed runs")
        try:
            out, _ = p.communicate(b"games\nnew carat\nboard\nhelp\n", timeout=60)
        except subprocess.TimeoutExpired:
            kill_group(p)
            p.communicate()
            exp.count("hangs")
            exp.fail(f"fd 2 closed, run {i}: hung")
            continue
        if p.returncode != 0 or b"alice> help" not in out:
            exp.count("stopped answering")
            exp.fail(f"fd 2 closed, run {i}: exit {p.returncode}")
    for key in ("hangs", "panics (exit 101)"):
        exp.counts.setdefault(key, 0)
    return exp


# ---------------------------------------------------------------------------------------
# Experiment: --db sqlite:// (no path)


def exp_empty_db_url(h: Harness) -> Experiment:
    exp = Experiment("empty-db-url")
    for url in ("sqlite://", "sqlite:"):
        d = h.work / f"empty-url-{len(url)}"
        shutil.rmtree(d, ignore_errors=True)
        d.mkdir()
        r = run([h.bin, "local", "--db", url, "--boards", str(d / "boards"), "--as", "alice"],
                b"new carat\nas bob\njoin\nstart\nboard\n", timeout=60, env=base_env(), cwd=d)
        exp.count("runs")
        text = r.text()
        invited = "invites you to a game" in text
        if r.hung or r.panicked:
            exp.fail(f"--db {url}: {'hung' if r.hung else 'panicked'}")
        elif STORAGE_FAILED in text:
            key = "invitation acknowledged, then storage failed" if invited else "storage failed"
            exp.count(key)
            first = next(l for l in text.splitlines() if STORAGE_FAILED in l)
            exp.fail(f"--db {url}: {key}: {first.strip()}")
        elif invited and "joins game" in text and "begins" in text:
            exp.count("works (one shared database)")
        elif r.rc != 0 and r.err.strip() and not invited:
            exp.count("refused with a message")
        else:
            exp.fail(f"--db {url}: exit {r.rc}, neither refused nor working: {text[-300:]!r}")
    return exp


# ---------------------------------------------------------------------------------------
# Experiment: the time of a line that is no command, in a busy channel


def exp_slow_line(h: Harness) -> Experiment:
    exp = Experiment("slow-line")
    games, invitations = h.n("slow_games"), h.n("slow_invitations")
    busy = fresh_db(h, "slow-busy")
    config = h.work / "slow.toml"
    config.write_text("[clock]\nmax_open_invitations = 3\ninvitation_expiry = \"300d\"\n")
    lines: list[str] = []
    for i in range(games):
        lines += setup_lines("carat", "alice", f"p{i}")
    for j in range(invitations):
        if j % 3 == 0:
            lines.append(f"as u{j // 3}")
        lines.append("new carat")
    t0 = time.monotonic()
    prepare(h, busy, "busy", lines, extra=["--config", str(config)])
    built = time.monotonic() - t0
    running = len(query(busy, "SELECT id FROM games WHERE status = 'running' AND channel = 'busy'"))
    invited = len(query(busy, "SELECT id FROM games WHERE status = 'invited' AND channel = 'busy'"))
    exp.counts["running games"] = running
    exp.counts["open invitations"] = invited
    if running != games or invited != invitations:
        exp.fail(f"the busy database holds {running} running games and {invited} invitations")

    def timed(db: Path, speaker: str, line: str) -> float:
        chat = Chat(h, db, speaker, "busy", ["--config", str(config)])
        samples = []
        for _ in range(3):
            chat.cmd(line)  # warm up
        for _ in range(h.n("slow_samples")):
            t = time.monotonic()
            chat.cmd(line)
            samples.append(time.monotonic() - t)
        base = []
        for _ in range(h.n("slow_samples")):
            t = time.monotonic()
            chat.cmd(f"as {speaker}")
            base.append(time.monotonic() - t)
        chat.close()
        return max(0.0, statistics.median(samples) - statistics.median(base)) * 1000

    new = fresh_db(h, "slow-new")
    prepare(h, new, "busy", ["games"])
    line = "hello there friends"
    results = {}
    for speaker in ("alice", "zed"):
        results[speaker] = (timed(new, speaker, line), timed(busy, speaker, line))
    worst_new = max(r[0] for r in results.values())
    worst_busy = max(r[1] for r in results.values())
    exp.counts["ms new db (median)"] = round(worst_new, 1)
    exp.counts["ms busy db (median)"] = round(worst_busy, 1)
    exp.note = (f"built in {built:.0f} s; a player of the 72 games: {results['alice'][0]:.1f} -> "
                f"{results['alice'][1]:.1f} ms, a bystander: {results['zed'][0]:.1f} -> {results['zed'][1]:.1f} ms")
    if worst_busy > max(3 * worst_new, worst_new + 15):
        exp.fail(f"a line that is no command takes {worst_busy:.1f} ms with {running} games and {invited} "
                 f"invitations, {worst_new:.1f} ms on a new database")
    return exp


# ---------------------------------------------------------------------------------------
# Experiment: corrupt and future databases


def exp_bad_db(h: Harness) -> Experiment:
    exp = Experiment("bad-db")
    good = fresh_db(h, "bad-db-good")
    prepare(h, good, "local", setup_lines("carat seed=5", "alice", "bob") + ["as alice", "board"])
    con = sqlite3.connect(str(good))  # everything into the main file (it stays in WAL mode, as the bot keeps it)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    original = good.read_bytes()
    rng = random.Random(h.args.seed + 1)

    def variant(name: str, make) -> None:
        path = h.work / f"bad-{name}.db"
        for suffix in ("", "-wal", "-shm"):
            Path(str(path) + suffix).unlink(missing_ok=True)
        make(path)
        before = hashlib.sha256(path.read_bytes()).hexdigest()
        for argv, data in (
            (["local", "--db", db_url(path), "--boards", str(h.work / "boards"), "--as", "alice"],
             b"games\nboard\nnew carat\n"),
            (["export", "1", "--db", db_url(path)], None),
        ):
            r = run([h.bin] + argv, data, timeout=60, env=base_env(), cwd=h.work)
            exp.count("runs")
            after = hashlib.sha256(path.read_bytes()).hexdigest()
            what = f"{name} ({argv[0]})"
            if r.hung:
                exp.fail(f"{what}: hung")
            elif r.panicked:
                exp.fail(f"{what}: panicked: {r.err[-300:]!r}")
            elif r.rc == 0 or "invites you" in r.text():
                exp.fail(f"{what}: not refused (exit {r.rc})")
            elif after != before:
                exp.fail(f"{what}: refused, but the file changed")
            else:
                exp.count("refused unchanged")

    def corrupt_header(p: Path) -> None:
        p.write_bytes(bytes(rng.randrange(256) for _ in range(100)) + original[100:])

    def corrupt_schema(p: Path) -> None:
        data = bytearray(original)
        for k in range(100, 4096, 7):
            data[k] = rng.randrange(256)
        p.write_bytes(bytes(data))

    def truncated(p: Path) -> None:
        p.write_bytes(original[: len(original) // 2 + 123])

    def text_file(p: Path) -> None:
        p.write_text("this is not a database\n" * 100)

    def future(p: Path) -> None:
        p.write_bytes(original)
        con = sqlite3.connect(str(p))
        row = con.execute("SELECT * FROM _sqlx_migrations ORDER BY version DESC LIMIT 1").fetchone()
        cols = [d[0] for d in con.execute("SELECT * FROM _sqlx_migrations LIMIT 0").description]
        values = dict(zip(cols, row))
        values["version"] = 29991231000000
        values["description"] = "from a newer build"
        con.execute(f"INSERT INTO _sqlx_migrations ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})",
                    [values[c] for c in cols])
        con.commit()
        con.close()

    def tampered(p: Path) -> None:
        p.write_bytes(original)
        con = sqlite3.connect(str(p))
        con.execute("UPDATE _sqlx_migrations SET checksum = X'00' WHERE version = "
                    "(SELECT max(version) FROM _sqlx_migrations)")
        con.commit()
        con.close()

    for name, make in (("header", corrupt_header), ("schema-page", corrupt_schema), ("truncated", truncated),
                       ("text-file", text_file), ("future-migration", future), ("changed-migration", tampered)):
        variant(name, make)
    return exp


# ---------------------------------------------------------------------------------------
# Experiment: fuzzed chat lines

VERB_WORDS = ["new", "neu", "join", "beitreten", "start", "starten", "move", "zug", "ziehen", "board", "brett",
              "hand", "moves", "züge", "zuege", "resign", "aufgeben", "abort", "abbrechen", "decline", "ablehnen",
              "games", "partien", "help", "hilfe", "rules", "regeln", "export", "claim", "reklamieren", "vacation",
              "urlaub", "undo", "zurücknehmen", "rematch", "revanche", "reminders", "erinnerungen", "history",
              "verlauf", "leaderboard", "rangliste", "stats", "statistik", "settings", "einstellungen", "language",
              "sprache", "daily", "täglich", "challenge", "as", "als", "wait", "warten", "/new", "/move", "hint"]
GAME_WORDS = ["carat", "aratoth", "hathor", "artifakes", "helofag", "Artifälschungen", "Aratoths", "CARAT",
              "hand3", "two_colours", "challenge", "2", "3", "4", "5", "6", "1", "0"]
OPTION_WORDS = ["seed=1", "seed=18446744073709551615", "seed=18446744073709551616", "seed=-1", "time=1d",
                "time=0m", "time=99999999999d", "time=1m", "zeit=2h", "hours=1", "hours=0", "hours=4294967296",
                "players=3", "players=0", "players=99999999999999999999", "variant=4", "variant=9", "goal=6",
                "goal=0", "page=2", "page=0", "page=-1", "page=99999999999999999999", "language=de",
                "language=xx", "move_time=1d", "threads=yes", "half_reminder=no", "reminder_before=off", "=",
                "==", "a=", "=b", "on", "off", "en", "de", "default", "variant=null"]
NOTATION = ["c3 red", "c3 rot", "a1 blue", "g7 gelb", "d4 grün", "d4 gruen", "c3 red 5RGBY", "5GBYR", "RGBY",
            "dragon red a5 a9 a10 a13", "drache rot a5 a9 a10 a13", "magier grün a1 a2 a3 b1", "vogel a1 a2 a5",
            "bird", "mage", "a13", "b1", "c12", "C5", "A1", "H8", "bury block 17", "bury disc 3", "play 17 number cw",
            "play 17 colour ccw", "play 17 waste", "spiele 17 zahl uzs", "S+5", "A5+3", "S+5, A5+3", "B2+1",
            "pass", "@resign 0", "@timeout 1", "@abort", "#1", "#2", "#3", "#0", "#-1", "#99999999999999999999",
            "#1 c3 red", "block", "disc", "cw", "ccw", "waste"]
UNICODE = ["\u202e", "\u202d", "\u202a", "\u2066", "\u2067", "\u2069", "\u200b", "\u200c", "\u200d", "\u2060",
           "\ufeff", "\u00ad", "漢字", "中文の名前", "한국어", "🎲", "👩‍👩‍👧‍👦", "🏳️‍🌈", "🇩🇪", "e\u0301\u0301\u0301",
           "Z̷̢̛a̶l̸g̵o̷", "ﷺ", "𒐫", "\u0000", "\x1b[31m", "\x07", "\r", "\t", "\u2028", "\u0085", "ǅ", "ß", "İ",
           "\U0010ffff", "\ufffd", "**bold**", "||spoiler||", "`code`", "<@&123>", "@everyone", "@here",
           "<script>", "%s%n%x", "{ $user }", "{{x}}", "\\", "'", '"', "$(reboot)"]
NUMBERS = ["0", "-1", "1", "7", "30", "31", "365", "366", "255", "256", "65535", "4294967295", "4294967296",
           "9223372036854775807", "9223372036854775808", "18446744073709551616", "1e308", "NaN", "inf", "-0",
           "0x10", "٣", "３", "1.5", "99999999999999999999999999999999"]
MENTIONS = ["@alice", "@bob", "@carol", "@Alice", "@", "@@", "<@123456789012345678>", "<@!42>", "@zed",
            "@\u202eecila", "@漢字", "@🎲"]
NAMES = ["alice", "bob", "carol", "dave", "Bob", "ALICE", "漢字", "🎲dice", "\u202eevil", "zero\u200bwidth",
         "a" * 64, "x" * 600, "ǅ", "**bold**", "@bob", "  spaced  ", "e\u0301"]


def fuzz_word(rng: random.Random) -> str:
    pick = rng.random()
    if pick < 0.22:
        return rng.choice(VERB_WORDS)
    if pick < 0.34:
        return rng.choice(GAME_WORDS)
    if pick < 0.46:
        return rng.choice(OPTION_WORDS)
    if pick < 0.62:
        return rng.choice(NOTATION)
    if pick < 0.74:
        return rng.choice(UNICODE) + (rng.choice(NOTATION) if rng.random() < 0.4 else "")
    if pick < 0.82:
        return rng.choice(NUMBERS)
    if pick < 0.90:
        return rng.choice(MENTIONS)
    if pick < 0.93:
        return rng.choice(["a", "9", "#", "漢", "\u200b", "🎲", "x=", "@"]) * rng.choice([300, 5000, 70000])
    return "".join(chr(rng.choice([rng.randrange(32, 127), rng.randrange(0x80, 0x3000), rng.randrange(0x1F300, 0x1FAFF)]))
                   for _ in range(rng.randint(1, 12)))


def fuzz_line(rng: random.Random) -> bytes:
    pick = rng.random()
    if pick < 0.07:
        return f"as {rng.choice(NAMES)}".encode()
    if pick < 0.09:
        return f"wait {rng.choice(['36h', '3d', '90m', '400d', '-1h', '0m', '1d12h', '99999999999999d', 'x'])}".encode()
    if pick < 0.11:
        return bytes(rng.randrange(256) for _ in range(rng.randint(1, 40))).replace(b"\n", b" ")
    words = [fuzz_word(rng) for _ in range(rng.choice([1, 1, 2, 2, 3, 4, 6, 12]))]
    sep = rng.choice([" ", " ", " ", "  ", "\t", "\u3000", "\u00a0"])
    line = sep.join(words)
    if rng.random() < 0.05:
        line = "/" + line
    line = line.replace("\n", " ").replace("\r", " ") if rng.random() < 0.9 else line.replace("\n", " ")
    return line.encode("utf-8", "surrogatepass")


FUZZ_PREAMBLE = (["as alice", "new carat seed=3", "as bob", "join", "start", "as carol", "new aratoth 3 seed=4",
                  "as alice", "join", "as bob", "join", "start", "as dave", "new hathor", "start",
                  "as 漢字", "new artifakes", "as 🎲dice", "join", "start", "as alice", "new helofag 4",
                  "as bob", "join", "as carol", "join", "as dave", "join", "start", "as alice",
                  "new hathor challenge 2 hours=1", "as bob", "join challenge", "daily hathor"])


def fuzz_batch(h: Harness, index: int, lines: list[bytes], db: Path) -> tuple[str, Run, bytes]:
    boards = h.work / f"fuzz-boards-{index % 4}"
    data = b"\n".join(lines) + b"\n"
    lang = ["--lang", "de"] if index % 5 == 4 else []
    argv = [h.bin, "local", "--db", db_url(db), "--boards", str(boards), "--channel", "fuzz", "--as", "alice"] + lang
    # The database as the batch found it, kept if the batch fails (to reproduce it).
    before = h.work / f"{db.stem}-before.db"
    con, copy = sqlite3.connect(str(db)), sqlite3.connect(str(before))
    con.backup(copy)
    con.close()
    copy.close()
    r = run(argv, data, timeout=120 + 0.05 * len(lines), env=base_env(), cwd=h.work)
    shutil.rmtree(boards, ignore_errors=True)
    return " ".join(argv), r, data


def exp_fuzz(h: Harness) -> Experiment:
    exp = Experiment("fuzz")
    total, size = h.n("fuzz_lines"), h.n("fuzz_batch")
    rng = random.Random(h.args.seed + 2)
    batches = []
    made = 0
    while made < total:
        k = min(size, total - made)
        batches.append([fuzz_line(rng) for _ in range(k)])
        made += k
    jobs = h.args.jobs
    failed_dbs: dict = {}

    def lane(worker: int):
        # One database per worker, begun anew (with games in every state) every 10 batches.
        out = []
        db = h.work / f"fuzz-{worker}.db"
        for n, i in enumerate(range(worker, len(batches), jobs)):
            if n % 10 == 0:
                db = fresh_db(h, f"fuzz-{worker}")
                prepare(h, db, "fuzz", FUZZ_PREAMBLE)
            argv, r, data = fuzz_batch(h, i, batches[i], db)
            if r.hung or r.panicked or r.rc != 0 or STORAGE_FAILED.encode() in r.out:
                kept = h.failed_inputs / f"fuzz-{i}-before.db"
                shutil.copy(h.work / f"{db.stem}-before.db", kept)
                failed_dbs[i] = kept
            out.append((i, (argv, r, data)))
        return out

    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        futures = [pool.submit(lane, w) for w in range(jobs)]
        results = [res for f in futures for res in f.result()]
    for i, (argv, r, data) in sorted(results, key=lambda x: x[0]):
        exp.count("batches")
        exp.count("lines", len(batches[i]))
        text = r.text()
        problem = None
        if r.hung:
            exp.count("hangs")
            problem = "hung"
        elif r.panicked:
            exp.count("panics")
            problem = "panicked: " + r.err.decode("utf-8", "replace")[-600:]
        elif r.rc != 0:
            exp.count("other failed exits")
            problem = f"exit {r.rc}: " + r.err.decode("utf-8", "replace")[-400:]
        elif STORAGE_FAILED in text or "Die Spielablage" in text:
            exp.count("storage failed replies")
            problem = "a reply says the storage failed: " + next(
                (l for l in text.splitlines() if STORAGE_FAILED in l), "")[:200]
        if problem:
            kept = failed_dbs.get(i)
            how = h.keep(f"fuzz-{i}.txt", data, f"cp {kept} /tmp/f.db; {argv.split(' --db ')[0]} --db "
                                                f"sqlite:///tmp/f.db --channel fuzz --as alice < {{file}}")
            exp.fail(f"batch {i}: {problem.strip()} | repro: {how}")
    for key in ("panics", "hangs"):
        exp.counts.setdefault(key, 0)
    return exp


# ---------------------------------------------------------------------------------------
# Experiment: mutated records


def spec_examples() -> list[str]:
    out = []
    for d in ("/work/shared/spec/examples", str(ROOT / "spec" / "examples")):
        p = Path(d)
        if p.is_dir():
            for f in sorted(p.glob("*/*.json")):
                if not f.name.endswith(".expected.json"):
                    out.append(f.read_text())
    return out


def mutate_json(rng: random.Random, value):
    """One random change somewhere in the parsed record."""
    paths = []

    def walk(v, path):
        paths.append(path)
        if isinstance(v, dict):
            for k, x in v.items():
                walk(x, path + [k])
        elif isinstance(v, list):
            for k, x in enumerate(v):
                walk(x, path + [k])

    walk(value, [])
    path = rng.choice(paths)
    if not path:
        return rng.choice([[], {}, None, 1, "carat", [value]])
    parent = value
    for k in path[:-1]:
        parent = parent[k]
    key = path[-1]
    old = parent[key]
    op = rng.random()
    replacements = [None, True, False, 0, -1, 1, 2, 7, 255, 256, 2 ** 31, 2 ** 32, 2 ** 53 + 1, 2 ** 63 - 1, 2 ** 63,
                    2 ** 64 - 1, 2 ** 64, -(2 ** 63), 10 ** 30, 1.5, -0.0, 1e308, "", "x", "c3 red", "5RGBY",
                    "\u202e漢字🎲", "a" * 10000, [], {}, [None], {"a": 1}, [[]]]
    if op < 0.25:
        parent[key] = rng.choice(replacements)
    elif op < 0.4:
        if isinstance(parent, dict):
            del parent[key]
        else:
            del parent[key]
    elif op < 0.55:
        if isinstance(parent, list):
            parent.insert(key, old)
        else:
            parent[key + "_dup"] = old
            parent[rng.choice(["game", "options", "players", "setup", "moves", "seed", "variant"])] = old
    elif op < 0.65 and isinstance(old, str):
        s = list(old)
        if s:
            i = rng.randrange(len(s))
            s[i] = rng.choice(["", " ", "x", "9", "\u0000", "\u200b", "漢", s[i] * 3, s[i].upper()])
        parent[key] = "".join(s)
    elif op < 0.72 and isinstance(old, (int, float)) and not isinstance(old, bool):
        parent[key] = old + rng.choice([-1, 1, -old - 1, 1000, 2 ** 32])
    elif op < 0.8 and isinstance(old, list) and old:
        rng.shuffle(old)
        if rng.random() < 0.5:
            old.append(rng.choice(old))
    elif op < 0.86 and isinstance(old, list):
        del old[rng.randrange(len(old)) if old else 0:]
    elif op < 0.92:
        parent[key] = rng.choice([str(old), [old], {"value": old}])
    else:
        if isinstance(parent, list) and parent:
            i, j = rng.randrange(len(parent)), rng.randrange(len(parent))
            parent[i], parent[j] = parent[j], parent[i]
        else:
            parent[key] = rng.choice(replacements)
    return value


def mutate_record(rng: random.Random, text: str) -> bytes:
    pick = rng.random()
    if pick < 0.6:
        try:
            value = json.loads(text)
        except ValueError:
            value = None
        if value is not None:
            for _ in range(rng.choice([1, 1, 1, 2, 3, 5])):
                value = mutate_json(rng, value)
            out = json.dumps(value, ensure_ascii=rng.random() < 0.5)
            if rng.random() < 0.1:  # a duplicated key in the text itself
                out = out.replace('"moves":', '"moves": [], "moves":', 1)
            return out.encode("utf-8", "surrogatepass")
    data = bytearray(text.encode())
    for _ in range(rng.choice([1, 1, 2, 4, 16])):
        if not data:
            break
        op = rng.random()
        i = rng.randrange(len(data))
        if op < 0.3:
            data[i] ^= 1 << rng.randrange(8)
        elif op < 0.5:
            del data[i: i + rng.randint(1, 40)]
        elif op < 0.7:
            chunk = data[i: i + rng.randint(1, 200)]
            data[i:i] = chunk
        elif op < 0.85:
            data[i:i] = rng.choice([b"{", b"}", b"[", b"]", b",", b'"', b"\\", b"\\u0000", b"\\ud800", b"9" * 400,
                                    b"\xff\xfe", b"null", b"1e999", b"-"])
        else:
            del data[i:]
    return bytes(data)


def exp_records(h: Harness) -> Experiment:
    exp = Experiment("records")
    total = h.n("records")
    # Exports of real games: the planned ones (all five games, played with random legal
    # moves), and what the other experiments exported.
    for kind_new in [g[2] for g in GAMES]:
        plan_game(h, kind_new)
    for kind_new in ("hathor seed=9", "artifakes seed=2", "helofag seed=5"):
        plan_game(h, kind_new, max_moves=60)
    sources = [r for r in h.records if r.strip().startswith("{")]
    exports = len(sources)
    sources += spec_examples()
    exp.counts["source records"] = len(sources)
    exp.counts["of them exports"] = exports
    rng = random.Random(h.args.seed + 3)
    inputs = [mutate_record(rng, rng.choice(sources)) for _ in range(total)]
    png = h.work / "records-png"
    png.mkdir(exist_ok=True)

    def one(i: int):
        data = inputs[i]
        results = []
        r = run([h.bin, "replay", "-"], data, timeout=30)
        results.append(("replay", r, None))
        if r.rc == 0 and i % 5:
            return i, results  # drawing a valid board is slow in a debug build: 1 in 5
        after = []
        if i % 3 == 1:
            after = ["--after", str(random.Random(i).choice([0, 1, 5, 30, 1000]))]
        lang = ["--lang", "de"] if i % 4 == 3 else []
        out = png / f"{i % 8}.png"
        r2 = run([h.bin, "render", "-", "--out", str(out)] + after + lang, data, timeout=60)
        results.append(("render " + " ".join(after + lang), r2, None))
        return i, results

    with concurrent.futures.ThreadPoolExecutor(h.args.jobs) as pool:
        all_results = list(pool.map(one, range(total)))
    for i, results in all_results:
        exp.count("records")
        for what, r, _ in results:
            exp.count("replay runs" if what == "replay" else "render runs")
            if what == "replay" and r.rc == 0:
                exp.count("accepted by replay")
            problem = None
            if r.hung:
                exp.count("hangs")
                problem = "hung"
            elif r.panicked:
                exp.count("panics")
                problem = "panicked: " + r.err.decode("utf-8", "replace")[-400:]
            elif r.rc not in (0, 2):
                exp.count("other exits")
                problem = f"exit {r.rc}: " + r.err.decode("utf-8", "replace")[-300:]
            elif what == "replay":
                try:
                    json.loads(r.out)
                except ValueError:
                    exp.count("replay output not JSON")
                    problem = f"replay printed no JSON: {r.out[:200]!r}"
            if problem:
                cmd = f"{h.bin} {what.split()[0]} - {' '.join(what.split()[1:])} --out /tmp/x.png" \
                    if what.startswith("render") else f"{h.bin} replay -"
                how = h.keep(f"record-{i}.json", inputs[i], f"{cmd} < {{file}}")
                exp.fail(f"record {i} ({what}): {problem.strip()} | repro: {how}")
    for key in ("panics", "hangs"):
        exp.counts.setdefault(key, 0)
    return exp


# ---------------------------------------------------------------------------------------

EXPERIMENTS = {
    "kills": exp_kills,
    "end-kills": exp_end_kills,
    "move-race": exp_move_race,
    "rematch-race": exp_rematch_race,
    "invitation-race": exp_invitation_race,
    "vacation-race": exp_vacation_race,
    "daily-race": exp_daily_race,
    "stderr": exp_stderr,
    "empty-db-url": exp_empty_db_url,
    "slow-line": exp_slow_line,
    "bad-db": exp_bad_db,
    "fuzz": exp_fuzz,
    "records": exp_records,
}


def describe_binary(path: str) -> str:
    r = run([path, "--version"], timeout=30)
    return r.text().strip() or f"(exit {r.rc})"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    target = Path(os.environ.get("CARGO_TARGET_DIR", str(Path.home() / ".cache/spieltisch-target-platform")))
    ap.add_argument("--bin", default=str(target / "debug" / "spieltisch"), help="the spieltisch binary")
    ap.add_argument("--quick", action="store_true", help="small counts (a few minutes)")
    ap.add_argument("--only", default="", help="comma-separated experiments: " + ", ".join(EXPERIMENTS))
    ap.add_argument("--skip", default="", help="comma-separated experiments to leave out")
    ap.add_argument("--seed", type=int, default=20, help="the random seed of inputs and timings")
    ap.add_argument("--scale", type=float, default=1.0, help="multiply the counts (e.g. 0.1)")
    ap.add_argument("--jobs", type=int, default=2, help="parallel processes for fuzz and records")
    ap.add_argument("--out", default="", help="where failing inputs and work files go (default: /tmp/...)")
    ap.add_argument("--json", default="", help="also write the results as JSON to this file")
    ap.add_argument("--count", action="append", default=[], metavar="KEY=N",
                    help="set one count, e.g. --count records=5000 (keys: " + ", ".join(COUNTS) + ")")
    args = ap.parse_args()
    args.counts = {}
    for item in args.count:
        key, _, value = item.partition("=")
        if key not in COUNTS or not value.isdigit():
            print(f"bad --count {item!r}", file=sys.stderr)
            return 2
        args.counts[key] = int(value)
    if not Path(args.bin).is_file():
        print(f"no binary at {args.bin}: build it (scripts/adversarial.sh builds and runs)", file=sys.stderr)
        return 2
    h = Harness(args)
    chosen = [e for e in (args.only.split(",") if args.only else EXPERIMENTS) if e]
    skip = set(x for x in args.skip.split(",") if x)
    unknown = [e for e in chosen + list(skip) if e not in EXPERIMENTS]
    if unknown:
        print(f"unknown experiments: {unknown}", file=sys.stderr)
        return 2
    print(f"spieltisch adversarial checks ({'quick' if args.quick else 'full'}, seed {args.seed}): "
          f"{args.bin} [{describe_binary(h.bin)}]; work files in {h.out}", flush=True)
    started = time.monotonic()
    for name in chosen:
        if name in skip:
            continue
        t = time.monotonic()
        try:
            exp = EXPERIMENTS[name](h)
        except Exception as e:  # a harness error is a failure of the run, not a crash of it
            exp = Experiment(name)
            exp.fail(f"the experiment itself failed: {type(e).__name__}: {e}")
        exp.seconds = time.monotonic() - t
        h.experiments.append(exp)
        status = "ok" if not exp.failures else f"{len(exp.failures)} FAILURES"
        counts = ", ".join(f"{k} {v}" for k, v in exp.counts.items())
        print(f"  {name}: {status} in {exp.seconds:.0f} s: {counts}", flush=True)
        for f in exp.failures[:3]:
            print(f"    - {f[:300]}", flush=True)
    total_failures = sum(len(e.failures) for e in h.experiments)
    print()
    print("| experiment | counts | failures | s |")
    print("|---|---|---:|---:|")
    for e in h.experiments:
        counts = ", ".join(f"{k} {v}" for k, v in e.counts.items())
        if e.note:
            counts += f" ({e.note})"
        print(f"| {e.name} | {counts} | {len(e.failures)} | {e.seconds:.0f} |")
    print(f"\ntotal: {total_failures} failures in {time.monotonic() - started:.0f} s")
    for e in h.experiments:
        if e.failures:
            print(f"\n{e.name}: {len(e.failures)} failures, the first ones:")
            for f in e.failures[:8]:
                print(f"  - {f[:600]}")
    if args.json:
        Path(args.json).write_text(json.dumps(
            [{"name": e.name, "counts": e.counts, "failures": e.failures, "seconds": round(e.seconds, 1),
              "note": e.note} for e in h.experiments], indent=1, ensure_ascii=False))
    if total_failures == 0 and not args.out:
        shutil.rmtree(h.out, ignore_errors=True)
    return 1 if total_failures else 0


if __name__ == "__main__":
    sys.exit(main())
