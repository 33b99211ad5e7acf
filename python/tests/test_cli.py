"""The `tpudev` command a wheel installs: the same clap command line as the Rust binary, run
inside the extension (torch_tpudev/_cli.py), with the same output and exit statuses."""

import subprocess
import sys

import torch_tpudev


def _tpudev(*args):
    code = "import sys; from torch_tpudev._cli import main; sys.argv[0] = 'tpudev'; main()"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=300)


def test_version_and_chips():
    out = _tpudev("--version")
    assert out.returncode == 0 and out.stdout.strip() == f"tpudev {torch_tpudev.__version__}", out
    out = _tpudev("chips")
    assert out.returncode == 0, out.stderr
    for chip in ("v4", "v5e", "v5p", "v6e", "v7x"):
        assert chip in out.stdout


def test_errors_keep_their_exit_status():
    usage = _tpudev("no-such-command")
    assert usage.returncode == 2 and "unrecognized subcommand 'no-such-command'" in usage.stderr, usage
    failure = _tpudev("estimate", "/nonexistent/workload.toml")
    assert failure.returncode == 1 and failure.stderr.startswith("error: "), failure
