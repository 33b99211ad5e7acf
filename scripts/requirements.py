"""Prints requirements that python/pyproject.toml declares, one per line, so that the set-up
script installs from the same list a `pip install torch_tpudev[...]` reads.

    python3 scripts/requirements.py GROUP...

Groups: `build` (the build backend, maturin), `run` (the package's dependencies), any of its
optional extras (`test`, `hw`, `zoo`), and `zoo-no-deps` (`[tool.tpudev]`: packages installed
with `pip --no-deps`, which an extra cannot say)."""

import pathlib
import sys
import tomllib

PYPROJECT = pathlib.Path(__file__).resolve().parent.parent / "python" / "pyproject.toml"


def requirements(groups):
    project = tomllib.loads(PYPROJECT.read_text())
    extras = project["project"].get("optional-dependencies", {})
    known = {
        "build": project["build-system"]["requires"],
        "run": project["project"]["dependencies"],
        "zoo-no-deps": project["tool"]["tpudev"]["zoo-no-deps"],
        **extras,
    }
    out = []
    for group in groups:
        if group not in known:
            raise SystemExit(f"requirements.py: no group {group!r} in {PYPROJECT}; known: {', '.join(known)}")
        out.extend(known[group])
    return out


if __name__ == "__main__":
    print("\n".join(requirements(sys.argv[1:])))
