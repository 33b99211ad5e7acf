"""The pytest plugin (entry point `pytest11`, name `torch_tpudev.snapshot.plugin`): the
`tpu_snapshot` fixture, the `--snapshot-update` option, ini settings for the defaults, and
a summary of written, pending and changed snapshots at the end of the run.

    def test_decode_step(tpu_snapshot):
        tpu_snapshot(decode, model, tokens, chip="v6e")

Ini options (pytest.ini / pyproject.toml `[tool.pytest.ini_options]`):
`tpu_snapshot_chip` (v5e), `tpu_snapshot_time_tolerance` (0.02) and
`tpu_snapshot_memory_tolerance` (0.02), relative.
"""

import os

import pytest

_NOTES = pytest.StashKey()


def pytest_addoption(parser):
    group = parser.getgroup("tpudev snapshots")
    group.addoption(
        "--snapshot-update",
        action="store_true",
        default=False,
        help="write missing and changed tpudev snapshots in place (as INSTA_UPDATE=always)",
    )
    parser.addini("tpu_snapshot_chip", "default chip of tpu_snapshot (a preset key)", default="v5e")
    parser.addini("tpu_snapshot_time_tolerance", "allowed relative increase of simulated step time", default="0.02")
    parser.addini("tpu_snapshot_memory_tolerance", "allowed relative increase of peak HBM", default="0.02")


def pytest_configure(config):
    config.stash[_NOTES] = []
    config.addinivalue_line("markers", "tpu_snapshot: a test that records tpudev snapshots")


def _float_ini(config, name):
    raw = config.getini(name)
    try:
        value = float(raw)
    except ValueError:
        raise pytest.UsageError(f"{name} = {raw!r} is not a number (a relative tolerance, e.g. 0.02)") from None
    if value < 0:
        raise pytest.UsageError(f"{name} = {raw!r} must not be negative")
    return value


class SnapshotFixture:
    """`tpu_snapshot(fn, *args, name=None, chip=None, setup=None, kwargs=None, program=True,
    time_tolerance=None, memory_tolerance=None)`: see `torch_tpudev.snapshot.snapshot`.
    Returns a `SnapshotResult` (its `.report` has the numbers)."""

    def __init__(self, request):
        self._request = request
        self._count = 0

    def path_for(self, name):
        from torch_tpudev.snapshot import snapshot_name

        test_file = str(self._request.node.path)
        module = os.path.splitext(os.path.basename(test_file))[0]
        return os.path.join(os.path.dirname(test_file), "snapshots", f"{module}__{snapshot_name(name)}.snap")

    def __call__(self, fn, *args, name=None, chip=None, setup=None, kwargs=None, program=True,
                 time_tolerance=None, memory_tolerance=None):
        from torch_tpudev import snapshot as snap

        config = self._request.config
        self._count += 1
        if name is None:
            name = self._request.node.name + ("" if self._count == 1 else f"-{self._count}")
        root = str(config.rootpath)
        test_file = str(self._request.node.path)
        source = os.path.relpath(test_file, root).replace(os.sep, "/")
        error = None
        try:
            mode = snap.update_mode(config.getoption("snapshot_update"))
        except snap.SnapshotUsageError as e:
            error = str(e)
        if error:  # failed outside the except block, so no exception chain is printed
            pytest.fail(error, pytrace=False)
        try:
            result = snap.snapshot(
                fn,
                *args,
                path=self.path_for(name),
                name=snap.snapshot_name(name),
                source=source,
                chip=chip or config.getini("tpu_snapshot_chip"),
                setup=setup,
                kwargs=kwargs,
                program=program,
                time_tolerance=_float_ini(config, "tpu_snapshot_time_tolerance") if time_tolerance is None
                else time_tolerance,
                memory_tolerance=_float_ini(config, "tpu_snapshot_memory_tolerance") if memory_tolerance is None
                else memory_tolerance,
                update=mode,
                assertion_line=snap.caller_line(),
                raise_on_failure=False,
            )
        except snap.NondeterministicError as e:
            error = str(e)
        if error:
            pytest.fail(error, pytrace=False)
        if result.message:
            config.stash[_NOTES].append((self._request.node.nodeid, result.passed, result.message))
        if not result.passed:
            pytest.fail(result.message, pytrace=False)
        return result


@pytest.fixture
def tpu_snapshot(request):
    """Snapshots a function's compiled programs and simulated performance (see
    docs/snapshot_tests.md)."""
    return SnapshotFixture(request)


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    notes = [(nodeid, msg) for nodeid, passed, msg in config.stash.get(_NOTES, []) if passed]
    if not notes:
        return
    terminalreporter.section("tpudev snapshots")
    for nodeid, msg in notes:
        terminalreporter.write_line(f"{nodeid}:")
        for line in msg.split("\n"):
            terminalreporter.write_line("    " + line)
