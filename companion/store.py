"""The crash-safe game store of the table companion: snapshot + journal + meta, one folder a game.

Layout, under a data directory the caller gives (the app passes its data folder, on a desktop
`desktop_data_dir()`: the platform's user data folder):

    <root>/<id>/snapshot.json   a full forge session save, written atomically (forge.saves)
    <root>/<id>/journal.jsonl   one line per confirmed log change since that snapshot
    <root>/<id>/meta.json       what the resume list shows (atomic, refreshed after every change)

Every journal line is written, flushed and fsync'ed before `Game.act` (undo, redo, goto)
returns, so a change the screen shows as done survives a kill at any moment; an act's line
holds a digest of the state it led to, checked on replay, and the reseed of a new branch after an
undo (forge.engine.core), replayed as it was. Each line carries a sequence number
`seq`; the snapshot records the last `seq` it contains (`journal_seq`), so a crash between
writing a snapshot and truncating the journal never replays a line twice.

Loading replays the journal over the snapshot. A torn last line (a write cut short) was never
confirmed: it is dropped, cut from the file and reported in `Game.recovered`. The meta, written
only after its journal line is on disk, records the last `seq` confirmed: a journal that ends
before it has lost confirmed changes and is not trusted. Anything else
that cannot be trusted moves the whole game folder aside as `<id>.corrupt-<time>` (never
deleted, never overwritten) and raises GameUnreadable saying so. A save of another rules
version raises OtherRulesVersion and is left as it is.
"""
from __future__ import annotations

import copy
import json
import os
import shutil
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterable

from forge.engine.core import ForeignSave, IllegalAction, Rules, SaveError, Session
from forge.engine.dice import BadRoll, Dice, NeedRoll
from forge.engine.inputs import (MAX_INT, ROLL, SAVE, Any, Bool, Int, ListOf, Maybe, Record,
                                 Text, load_json)
from forge import places
from forge.errors import UserError
from forge.i18n import Translator
from forge.safefs import fsync_dir
from forge.saves import keep_aside, write_session, write_text_atomic

SNAPSHOT = "snapshot.json"
JOURNAL = "journal.jsonl"
META = "meta.json"
COMPACT_EVERY = 50
DICE_MODES = ("app", "physical")
JOURNAL_LINE = Record({"op": Text(("act", "undo", "redo", "goto")), "action": Any(),
                       "dice": ListOf(Int(), 10_000), "rolls": ListOf(ROLL, 10_000),
                       "steps": Int(1), "index": Int(0), "seq": Int(1), "position": Int(0),
                       "digest": Text(longest=64), "reseed": Int(0, MAX_INT - 1)},
                      required=("op", "seq"))
META_FIELDS = Record({"id": Text(), "game": Text(), "name": Text(longest=1_000, blank=True),
                      "created": Text(blank=True), "updated": Text(blank=True),
                      "rules_version": Text(), "seed": Maybe(Int()),
                      "dice_mode": Text(DICE_MODES), "round": Maybe(Int()),
                      "phase": Maybe(Text()), "finished": Bool(), "log_length": Int(0),
                      "seq": Int(0)})


class StoreError(UserError):
    """A game of the store cannot be opened; the message says why in plain words."""


class UnknownGame(StoreError):
    """No game with that id."""


class GameUnreadable(StoreError):
    """The game's files cannot be trusted; the folder was moved aside (`kept`)."""

    def __init__(self, message: str, kept: Path):
        super().__init__(message)
        self.kept = kept


class OtherRulesVersion(StoreError):
    """The game was saved under rules this program does not play; nothing was changed."""

    def __init__(self, message: str, game: str, rules_version: str | None):
        super().__init__(message)
        self.game, self.rules_version = game, rules_version


class _Saved(Session):
    """A forge Session whose save also records the last journal line it contains."""

    journal_seq = 0

    def to_json(self) -> dict:
        data = super().to_json()
        data["journal_seq"] = self.journal_seq
        return data


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


_fsync_dir = fsync_dir


def write_json_atomic(path: Path, data: dict, sync_dir: bool = True) -> None:
    """Temporary file, fsync, rename, fsync of the folder: the old file or the new, never half
    (forge.saves.write_text_atomic: never through a planted link).

    `sync_dir=False` skips the folder's fsync (the rename is still atomic; only its durability
    waits for the next folder sync): for the meta refreshed after every action.
    """
    write_text_atomic(path, json.dumps(data, ensure_ascii=False, sort_keys=True), sync_dir)


class Game:
    """One stored game in play: the forge session and its files. Changes are durable on return."""

    def __init__(self, store: "Store", folder: Path, session: _Saved, meta: dict,
                 seq: int, journal_lines: int, recovered: str | None = None):
        self.store, self.folder, self.session, self.meta = store, folder, session, meta
        self.seq = seq                      # last journal sequence number written
        self.journal_lines = journal_lines  # lines in the journal since the snapshot
        self.recovered = recovered          # what loading had to drop (a torn line), if anything

    @property
    def id(self) -> str:
        return self.folder.name

    @property
    def rules(self) -> Rules:
        return self.session.rules

    # --- log changes, each journaled before returning ---------------------------------------

    def act(self, action: dict, dice: list[int] | None = None, physical: bool = False) -> dict:
        """Apply an action and journal it; returns the new log entry.

        IllegalAction, ParseError, NeedRoll and BadRoll come from the engine unchanged, and then
        nothing was changed. `physical`: every die must be in `dice` (NeedRoll names the first
        missing one), even if the game has a generator.
        """
        dice = list(dice or [])
        self.session.check(action)
        if physical:
            state = self.session.states[self.session.position]
            trial = Dice(list(dice), None, [], dict(self.rules.dice_faces))
            self.rules.apply(copy.deepcopy(state), action, trial)
        self.session.act(action, dice)
        entry = self.session.entries[-1]
        entered = [r["value"] for r in entry["rolls"] if r.get("source") == "entered"]
        line = {"op": "act", "action": action, "dice": entered, "rolls": entry["rolls"],
                "digest": self.session.digest_at(self.session.position)}
        if entry.get("reseed") is not None:
            line["reseed"] = entry["reseed"]
        self._journal_write(line)
        return entry

    def undo(self, steps: int = 1) -> None:
        self.session.undo(steps)
        self._journal_write({"op": "undo", "steps": steps})

    def redo(self, steps: int = 1) -> None:
        self.session.redo(steps)
        self._journal_write({"op": "redo", "steps": steps})

    def goto(self, index: int) -> None:
        self.session.goto(index)
        self._journal_write({"op": "goto", "index": index})

    def _journal_write(self, line: dict) -> None:
        line["seq"] = self.seq + 1
        line["position"] = self.session.position
        text = json.dumps(line, ensure_ascii=False, sort_keys=True) + "\n"
        path = self.folder / JOURNAL
        size = path.stat().st_size if path.exists() else 0
        try:
            with open(path, "a", encoding="utf-8") as journal:
                journal.write(text)
                journal.flush()
                os.fsync(journal.fileno())
        except OSError:
            # Not confirmed: take the line back out, reload what the files hold, report.
            try:
                os.truncate(path, size)
            except OSError:
                pass
            self.session = self.store._load(self.folder)[0]
            raise
        self.seq += 1
        self.journal_lines += 1
        if self.journal_lines >= self.store.compact_every:
            self.snapshot()                 # refreshes the meta too
        else:                               # the resume list: round, turn, phase, outcome
            try:
                self.save_meta(sync_dir=False)
            except OSError:                 # the change is confirmed; the meta is only a summary
                pass                        # (open_game rebuilds it)

    # --- snapshots and meta -------------------------------------------------------------------

    def snapshot(self) -> None:
        """Write the whole session atomically, then empty the journal; update the meta."""
        self.session.journal_seq = self.seq
        write_session(self.folder / SNAPSHOT, self.session)
        with open(self.folder / JOURNAL, "w", encoding="utf-8") as stream:
            stream.flush()
            os.fsync(stream.fileno())
        self.journal_lines = 0
        self.save_meta()

    def save_meta(self, sync_dir: bool = True, **changes) -> None:
        """Refresh the resume-list fields from the state (and any `changes`), atomically.

        Called after every confirmed change (right after its journal line is fsync'ed), so the
        resume list shows the round, whose turn and the phase, or the outcome once it is over.
        """
        state = self.session.states[self.session.position]
        self.meta.update(changes)
        self.meta.update(updated=_now(), round=state.get("round"), turn=state.get("turn"),
                         phase=state.get("phase"), outcome=state.get("outcome"),
                         finished=bool(state.get("outcome")), log_length=self.session.position,
                         seq=self.seq)
        write_json_atomic(self.folder / META, self.meta, sync_dir)

    def close(self) -> None:
        """Snapshot (on pause and on stop)."""
        self.snapshot()


class Store:
    """The games in one data directory, for one or more rules (looked up by `rules.name`)."""

    def __init__(self, root: str | os.PathLike, rules: Rules | Iterable[Rules],
                 compact_every: int = COMPACT_EVERY, lang: str = "en"):
        self.root = Path(root)
        self.root.mkdir(parents=True, exist_ok=True)
        listed = [rules] if hasattr(rules, "apply") else list(rules)
        self.rules = {r.name: r for r in listed}
        self.compact_every = compact_every
        self.tr = Translator(lang, strict=False)   # English where a translation is missing

    # --- the resume list ----------------------------------------------------------------------

    def list_games(self) -> list[dict]:
        """The meta of every game, newest first; a game whose journal is newer says so."""
        games = []
        for folder in self.root.iterdir():
            if not folder.is_dir() or ".corrupt-" in folder.name or folder.name.startswith("."):
                continue
            try:
                meta = _read_meta(folder / META)
            except (OSError, ValueError):
                meta = {"id": folder.name, "name": folder.name, "updated": "", "unreadable": True}
            journal = folder / JOURNAL
            if journal.exists() and journal.stat().st_size:
                stamp = datetime.fromtimestamp(journal.stat().st_mtime, timezone.utc)
                meta["updated"] = max(meta.get("updated") or "",
                                      stamp.isoformat(timespec="milliseconds"))
            rules = self.rules.get(meta.get("game"))
            meta["playable"] = bool(rules and rules.rules_version == meta.get("rules_version"))
            games.append(meta)
        games.sort(key=lambda m: (m.get("updated") or "", m.get("created") or ""), reverse=True)
        return games

    # --- games --------------------------------------------------------------------------------

    def new_game(self, rules: Rules, options: dict, seed: int | None = None,
                 dice: list[int] | None = None, name: str | None = None,
                 dice_mode: str = "app") -> Game:
        """Set up and store a new game (NeedRoll if physical dice for the set-up are missing)."""
        if dice_mode not in DICE_MODES:
            raise ValueError(f"dice mode is one of {DICE_MODES}, not {dice_mode!r}")
        self.rules.setdefault(rules.name, rules)
        session = _Saved(rules, options, seed, dice)
        created = _now()
        game_id = time.strftime("%Y%m%d-%H%M%S", time.gmtime()) + "-" + os.urandom(3).hex()
        folder = self.root / game_id
        staging = self.root / f".new-{game_id}"
        staging.mkdir()
        write_session(staging / SNAPSHOT, session)
        (staging / JOURNAL).touch()
        meta = {"id": game_id, "game": rules.name, "name": name or rules.name.title(),
                "created": created, "rules_version": rules.rules_version,
                "seed": seed, "dice_mode": dice_mode}
        game = Game(self, staging, session, meta, 0, 0)
        game.save_meta()
        os.replace(staging, folder)         # the game appears whole or not at all
        _fsync_dir(self.root)
        game.folder = folder
        return game

    def open_game(self, game_id: str) -> Game:
        """Load a game: its snapshot, then its journal replayed."""
        folder = self._folder(game_id)
        session, seq, lines, recovered = self._load(folder)
        for stale in folder.glob(".*.tmp"):     # a write cut short by a kill: never renamed
            stale.unlink(missing_ok=True)
        try:
            meta = _read_meta(folder / META)
        except (OSError, ValueError):   # the meta is only a summary: rebuild it
            meta = {"id": game_id, "game": session.rules.name, "name": game_id,
                    "created": _now(), "rules_version": session.rules.rules_version,
                    "seed": session.seed, "dice_mode": "app" if session.seed is not None
                    else "physical"}
        game = Game(self, folder, session, meta, seq, lines, recovered)
        game.save_meta()
        return game

    def delete_game(self, game_id: str) -> None:
        """Remove a game the player chose to delete (renamed first, so it goes whole)."""
        folder = self._folder(game_id)
        doomed = self.root / f".deleted-{game_id}"
        os.replace(folder, doomed)
        _fsync_dir(self.root)
        shutil.rmtree(doomed)

    def _folder(self, game_id: str) -> Path:
        folder = self.root / game_id
        if "/" in game_id or game_id.startswith(".") or not (folder / SNAPSHOT).is_file():
            raise UnknownGame(self.tr._("there is no saved game {game}").format(game=game_id))
        return folder

    def _load(self, folder: Path) -> tuple[_Saved, int, int, str | None]:
        """(session, last seq, journal lines, recovered note); moves the folder aside if bad."""
        try:
            data = _read_json(folder / SNAPSHOT)
        except ValueError as err:           # not UTF-8, not JSON, too deep or too large
            self._corrupt(folder, self._snapshot_reason(err))
        rules = self._rules_for(folder, data)
        try:
            session = _Saved.from_json(rules, data)
            seq = data.get("journal_seq", 0)
        except ForeignSave as err:
            raise StoreError(self.tr._("the saved game {game} cannot be opened by this "
                                       "program ({reason}); it was left unchanged").format(
                                           game=folder.name, reason=err)) from None
        except SaveError as err:
            self._corrupt(folder, self._snapshot_reason(err))
        session.journal_seq = seq
        lines, recovered, good_bytes = self._read_journal(folder)
        count, skipped = 0, None
        for number, line in lines:
            try:
                JOURNAL_LINE.check(line, "line")
            except ValueError as err:
                self._corrupt(folder, self._line_reason(number, err))
            if line["seq"] <= session.journal_seq:
                if count:               # an old line after new ones
                    self._corrupt(folder, self._line_reason(number, "out of order"))
                skipped = (number, line)
                continue                # already in the snapshot (crash before truncation)
            if not count:
                self._check_snapshot_follows(folder, session, skipped)
            if line.get("seq") != seq + 1:
                self._corrupt(folder, self._line_reason(number, "out of order"))
            try:
                _replay(session, line)
            except (SaveError, ValueError, KeyError, TypeError, NeedRoll) as err:
                self._corrupt(folder, self._line_reason(number, f"does not replay: {err}"))
            seq += 1
            count += 1
        if not count:
            self._check_snapshot_follows(folder, session, skipped)
        if _confirmed_seq(folder) > seq:
            # the meta is written only after its journal line is on disk: confirmed changes
            # are missing from the journal
            self._corrupt(folder, self.tr._("its journal lacks changes that were confirmed"))
        if recovered:                       # cut the torn line so new lines start clean
            with open(folder / JOURNAL, "r+b") as stream:
                stream.truncate(good_bytes)
                stream.flush()
                os.fsync(stream.fileno())
        return session, seq, count, recovered

    def _check_snapshot_follows(self, folder: Path, session: Session, skipped) -> None:
        """The snapshot was taken right after the last journal line it contains: at its
        position (else the journal and the snapshot are of different games)."""
        if skipped is None:
            return
        number, line = skipped
        if line.get("position", session.position) != session.position:
            self._corrupt(folder, self._line_reason(number, "not in the snapshot"))

    def _rules_for(self, folder: Path, data) -> Rules:
        if not isinstance(data, dict) or not isinstance(data.get("game"), str):
            self._corrupt(folder, self._snapshot_reason("not a session save"))
        rules = self.rules.get(data["game"])
        if rules is None:
            raise OtherRulesVersion(
                self.tr._("the saved game {game} is a game of {rules}, which this program does "
                          "not play; it was left unchanged").format(
                              game=folder.name, rules=data.get("game")), data.get("game"),
                data.get("rules_version"))
        if data.get("rules_version") != rules.rules_version:
            raise OtherRulesVersion(
                self.tr._("the saved game {game} was played under rules version {version} of "
                          "{rules}; this program plays version {current} and knows no "
                          "migration, so it was not opened and was left unchanged").format(
                              game=folder.name, version=data.get("rules_version"),
                              rules=rules.name, current=rules.rules_version),
                rules.name, data.get("rules_version"))
        return rules

    def _read_journal(self, folder: Path) -> tuple[list[tuple[int, dict]], str | None, int]:
        """The journal's lines; a torn last line is left out and reported."""
        path = folder / JOURNAL
        raw = path.read_bytes() if path.exists() else b""
        lines, offset, recovered = [], 0, None
        chunks = raw.split(b"\n")
        for number, chunk in enumerate(chunks, 1):
            last = number == len(chunks)
            if last and not chunk:
                break
            try:
                line = load_json(chunk.decode("utf-8"), SAVE)
                if not isinstance(line, dict):
                    raise ValueError("not a mapping")
                if last:                        # whole JSON but no newline: not confirmed
                    raise ValueError("no end of line")
            except (ValueError, UnicodeDecodeError) as err:
                if last:
                    recovered = self.tr._(
                        "the last journal line of game {game} was cut short when the program "
                        "stopped; that change was never confirmed and was dropped").format(
                            game=folder.name)
                    break
                self._corrupt(folder, self._line_reason(number, err))
            lines.append((number, line))
            offset += len(chunk) + 1
        return lines, recovered, offset

    def _snapshot_reason(self, err) -> str:
        return self.tr._("its snapshot cannot be read ({error})").format(error=err)

    def _line_reason(self, number: int, err) -> str:
        return self.tr._("journal line {number} cannot be read ({error})").format(
            number=number, error=err)

    def _corrupt(self, folder: Path, reason: str):
        kept = keep_aside(folder)
        raise GameUnreadable(
            self.tr._("the saved game {game} cannot be used: {reason}. Nothing was deleted: "
                      "the whole game folder was kept unchanged as {kept}").format(
                          game=folder.name, reason=reason, kept=kept), kept)


def _read_json(path: Path) -> object:
    """A JSON file of the store (a BOM tolerated); ValueError if it is not plain, bounded JSON."""
    return load_json(path.read_bytes().decode("utf-8-sig"), SAVE)


def _read_meta(path: Path) -> dict:
    """A game's meta; ValueError unless it is a mapping whose summary fields have their types
    (the other fields are refreshed from the game on every change)."""
    meta = _read_json(path)
    if not isinstance(meta, dict):
        raise ValueError("not a game's meta")
    META_FIELDS.check_values({k: v for k, v in meta.items() if k in META_FIELDS.fields}, "")
    return meta


def _confirmed_seq(folder: Path) -> int:
    """The last journal line the meta says was confirmed (0 if the meta cannot tell)."""
    try:
        return _read_meta(folder / META).get("seq", 0)
    except (OSError, ValueError):
        return 0


def _replay(session: Session, line: dict) -> None:
    """Apply one journal line to a session, checking it reproduces what was confirmed."""
    op = line.get("op")
    try:
        if op == "act":
            session.act(line["action"], line.get("dice") or [], line.get("reseed"))
            got = [(r["die"], r["value"], r["reason"]) for r in session.entries[-1]["rolls"]]
            want = [(r["die"], r["value"], r["reason"]) for r in line.get("rolls", [])]
            if got != want:
                raise SaveError("the dice replay differently")
            if "digest" in line and session.digest_at(session.position) != line["digest"]:
                raise SaveError("the action replays to another game than the one played")
        elif op == "undo":
            session.undo(line.get("steps", 1))
        elif op == "redo":
            session.redo(line.get("steps", 1))
        elif op == "goto":
            session.goto(line["index"])
        else:
            raise SaveError(f"unknown operation {op!r}")
    except (IllegalAction, BadRoll) as err:
        raise SaveError(str(err)) from None
    if "position" in line and line["position"] != session.position:
        raise SaveError("the log position differs after replay")


def desktop_data_dir() -> Path:
    """The companion's folder in the user data folder. Games and settings that earlier versions
    saved in Kivy's folder on Linux (~/.config/companion) are copied there once; the old folder
    is kept as it was."""
    folder = places.companion_data_dir()
    earlier = Path(os.environ.get("XDG_CONFIG_HOME") or "~/.config").expanduser() / "companion"
    if not folder.exists() and (earlier / "settings.json").is_file():
        shutil.copytree(earlier, folder, symlinks=True)
    return folder
