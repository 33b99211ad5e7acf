#!/usr/bin/env bash
# Sets everything up (scripts/setup.sh), then runs every test: the Rust workspace's tests
# (cargo test, debug build) and the Python suite (pytest python/tests) with the example
# models' snapshot tests (examples/snapshot_tests: a compiler or timing-model change shows as
# a snapshot diff there).
# Both suites run even if the first fails; the exit status is non-zero if either failed.
# Extra arguments are passed to pytest, e.g. `bash scripts/test.sh -k matmul -x`.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"

bash scripts/setup.sh

failed=()

printf '\n==> test: cargo test --workspace\n\n'
if cargo test --workspace; then
    echo "cargo test: ok"
else
    rc=$?
    echo "cargo test: FAILED (exit $rc)"
    failed+=("cargo test (exit $rc)")
fi

printf '\n==> test: pytest python/tests examples/snapshot_tests\n\n'
rc=0
"$ROOT/.venv/bin/python" -m pytest python/tests examples/snapshot_tests -q "$@" || rc=$?
case $rc in
    0) echo "pytest: ok" ;;
    5)
        echo "pytest: FAILED: no tests were collected (exit 5)"
        failed+=("pytest (no tests collected)")
        ;;
    *)
        echo "pytest: FAILED (exit $rc)"
        failed+=("pytest (exit $rc)")
        ;;
esac

echo
if [ ${#failed[@]} -eq 0 ]; then
    echo "test.sh: all tests passed (cargo test and pytest)"
else
    summary="$(printf '%s; ' "${failed[@]}")"
    echo "test.sh: FAILED: ${summary%; }"
    exit 1
fi
