"""`python -m torch_tpudev.snapshot review|accept|reject|pending [PATH...]`: pending snapshots
(`.snap.new`) without cargo-insta. PATHs are files or directories (default: the current
directory, searched recursively). `review` shows each pending snapshot's diff against the
stored one and asks accept / reject / skip; `accept` and `reject` do it for all of them."""

import argparse
import difflib
import os
import sys

from . import _insta

_SKIP_DIRS = {".git", "target", ".venv", "node_modules", "__pycache__"}


def find_pending(paths):
    found = []
    for p in paths or ["."]:
        if os.path.isfile(p):
            found.append(p if p.endswith(".snap.new") else _insta.pending_path(p))
            continue
        for root, dirs, files in os.walk(p):
            dirs[:] = sorted(d for d in dirs if d not in _SKIP_DIRS)
            found += [os.path.join(root, f) for f in sorted(files) if f.endswith(".snap.new")]
    return [f for f in found if os.path.isfile(f)]


def accept(pending):
    """Moves a pending snapshot over the stored one, as insta writes it (no assertion_line)."""
    snap = _insta.read(pending)
    target = pending[: -len(".new")]
    snap.assertion_line = None
    _insta.write(target, snap)
    os.remove(pending)
    return target


def show(pending, out=sys.stdout):
    target = pending[: -len(".new")]
    new = _insta.read(pending)
    old = _insta.read(target).body.split("\n") if os.path.exists(target) else []
    out.write(f"--- {target}{'' if old else ' (new)'}\n")
    for line in difflib.unified_diff(old, new.body.split("\n"), "stored", "pending", lineterm="", n=3):
        out.write(line + "\n")


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m torch_tpudev.snapshot", description=__doc__.split("\n\n")[0])
    ap.add_argument("command", choices=["pending", "review", "accept", "reject"])
    ap.add_argument("paths", nargs="*")
    a = ap.parse_args(argv)
    pending = find_pending(a.paths)
    if not pending:
        print("no pending snapshots")
        return 0
    for p in pending:
        if a.command == "pending":
            print(p)
        elif a.command == "accept":
            print(f"accepted {accept(p)}")
        elif a.command == "reject":
            os.remove(p)
            print(f"rejected {p}")
        else:
            show(p)
            choice = input("accept (a), reject (r) or skip (s)? ").strip().lower()
            if choice.startswith("a"):
                print(f"accepted {accept(p)}")
            elif choice.startswith("r"):
                os.remove(p)
                print(f"rejected {p}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
