"""The `tpudev` command of an installed wheel: the same clap command line as the repository's
Rust binary, run inside the extension (so the wheel carries one native library, built once,
and an sdist builds it like any other maturin package). `tpudev advise` runs a Python script,
so it is Python's (`torch_tpudev.advisor.__main__`)."""

import sys


def main() -> None:
    if sys.argv[1:2] == ["advise"]:
        from .advisor.__main__ import main as advise

        sys.exit(advise(sys.argv[2:]))
    from . import _C

    sys.stdout.flush()
    sys.exit(_C.cli(["tpudev", *sys.argv[1:]]))
