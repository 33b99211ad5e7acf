"""Checking a run against its stored snapshot, with insta's update modes.

The mode comes from `--snapshot-update` (always) or `INSTA_UPDATE`:

- `auto` (the default): `no` when the `CI` environment variable is set (as insta reads it),
  else `new`;
- `new`: a snapshot that is missing or differs is written next to the stored one as
  `<name>.snap.new` for review, and the test fails;
- `always` (or `1`): missing or differing snapshots are written in place and the test passes;
- `unseen`: missing snapshots are written in place, differing ones as `.snap.new`;
- `force`: like `always`, and matching snapshots are rewritten too (fresh metadata);
- `no`: nothing is written; a missing or differing snapshot fails the test.

`INSTA_FORCE_PASS=1` turns failures into passes (the files are still written as the mode
says). A snapshot that matches removes a stale `.snap.new` of itself, as insta does.
"""

import os
from dataclasses import dataclass

from . import _compare, _insta

MODES = ("auto", "always", "1", "new", "unseen", "no", "force")


class SnapshotUsageError(ValueError):
    pass


def is_ci() -> bool:
    """insta's rule: CI set to anything but "", "0" or "false"; or TF_BUILD set."""
    v = os.environ.get("CI")
    if v is None:
        return "TF_BUILD" in os.environ
    return v not in ("", "0", "false")


def update_mode(cli_update: bool = False) -> str:
    """The mode in effect: "always" with --snapshot-update, else INSTA_UPDATE's."""
    if cli_update:
        return "always"
    return resolve(os.environ.get("INSTA_UPDATE", "") or "auto", "INSTA_UPDATE=")


def resolve(v: str, where: str = "") -> str:
    """A mode as written ("auto", "1", ...) as one of always, new, unseen, no, force."""
    if v not in MODES:
        raise SnapshotUsageError(
            f"{where}{v!r} is not a snapshot update mode: use one of auto, always, new, unseen, no, force"
        )
    if v == "1":
        return "always"
    if v == "auto":
        return "no" if is_ci() else "new"
    return v


@dataclass
class Outcome:
    passed: bool
    message: str  # the failure message, or a note for the summary ("" when nothing to say)
    written: str | None = None  # the path written, if any


_REVIEW = (
    "Review it with `cargo insta review` (from the repository's cargo workspace; "
    "`cargo insta accept` takes every pending one) or `python -m torch_tpudev.snapshot review`, "
    "or rerun pytest with --snapshot-update (INSTA_UPDATE=always) to overwrite the stored snapshots."
)


def _version_note(old: _insta.Snapshot, new: _insta.Snapshot) -> str:
    keys = ("tpudev", "compiler", "torch")
    was = {k: old.info.get(k) for k in keys}
    now = {k: new.info.get(k) for k in keys}
    if was == now:
        return ""
    changed = ", ".join(f"{k} {was[k]!s} -> {now[k]!s}" for k in keys if was[k] != now[k])
    return (
        f"The stored snapshot was written by another version ({changed}), so the difference may come "
        "from the new compiler or timing model rather than from your code. If the change is expected, "
        "accept the new snapshot."
    )


def check(path, new: _insta.Snapshot, mode: str, time_tolerance: float, memory_tolerance: float) -> Outcome:
    """Compares `new` with the snapshot stored at `path` and writes files as `mode` says."""
    path = os.fspath(path)
    pending = _insta.pending_path(path)
    force_pass = os.environ.get("INSTA_FORCE_PASS", "") not in ("", "0")

    def done(passed, message, written=None):
        if not passed and force_pass:
            return Outcome(True, "INSTA_FORCE_PASS: " + message, written)
        return Outcome(passed, message, written)

    def write_in_place():
        _insta.write(path, new)
        if os.path.exists(pending):
            os.remove(pending)
        return path

    def write_pending():
        _insta.write(pending, new, pending=True)
        return pending

    if not os.path.exists(path):
        if mode in ("always", "force", "unseen"):
            return done(True, f"new snapshot written: {path}", write_in_place())
        if mode == "new":
            written = write_pending()
            return done(False, f"tpudev snapshot {new.expression}: no stored snapshot at {path}; the new one was "
                               f"written to {written}. {_REVIEW}", written)
        reason = "CI is set, so" if is_ci() else "INSTA_UPDATE=no, so"
        return done(False, f"tpudev snapshot {new.expression}: no stored snapshot at {path}, and {reason} none was "
                           "written (a snapshot written in CI would pass without anyone reviewing it). Run the test "
                           "locally with --snapshot-update (or INSTA_UPDATE=always), review the new .snap file and "
                           "commit it.")
    try:
        old = _insta.read(path)
    except (OSError, UnicodeDecodeError, _insta.SnapshotFileError) as e:
        if mode in ("always", "force"):
            return done(True, f"unreadable snapshot replaced: {path} ({e})", write_in_place())
        return done(False, f"tpudev snapshot {new.expression}: cannot read the stored snapshot: {e}")

    c = _compare.compare(old.body, new.body, time_tolerance, memory_tolerance)
    if c.same:
        if os.path.exists(pending):
            os.remove(pending)
        if mode == "force":
            write_in_place()
        return done(True, "")

    parts = [f"tpudev snapshot {new.expression} ({path}):"]
    if c.program_diff:
        parts.append("the compiled program changed:\n" + c.program_diff)
    if c.regressions:
        parts.append("simulated performance regressed beyond tolerance (" + ", ".join(c.regressions) + "):")
    elif c.table and not c.program_diff:
        kind = "improved beyond tolerance" if c.improvements else "changed within tolerance"
        parts.append(f"simulated performance {kind}:")
    elif c.table:
        parts.append("simulated performance:")
    if c.table:
        parts.append(c.table)
    note = _version_note(old, new)
    if note:
        parts.append("\n" + note)

    if mode in ("always", "force"):
        written = write_in_place()
        return done(True, "\n".join(parts) + f"\nupdated: {written}", written)
    written = write_pending() if mode in ("new", "unseen") else None
    if written:
        parts.append(f"\nThe new snapshot was written to {written}. {_REVIEW}")
    elif c.fails:
        parts.append("\nNothing was written (" + ("CI is set" if is_ci() else "INSTA_UPDATE=no") + "). Run the "
                     "test locally to get a .snap.new to review, or with --snapshot-update to overwrite.")
    if c.fails:
        return done(False, "\n".join(parts), written)
    if not written:
        parts.append("Run with --snapshot-update to record the new numbers.")
    return done(True, "\n".join(parts), written)
