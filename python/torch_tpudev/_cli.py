"""The `tpudev` command of an installed wheel: the same clap command line as the repository's
Rust binary, run inside the extension (so the wheel carries one native library, built once,
and an sdist builds it like any other maturin package)."""

import sys


def main() -> None:
    from . import _C

    sys.stdout.flush()
    sys.exit(_C.cli(["tpudev", *sys.argv[1:]]))
