#!/usr/bin/env bash
# Sets everything up (scripts/setup.sh), then runs every test: the Rust workspace's tests
# (cargo test, debug build) and the Python suite (pytest python/tests) with the example
# models' snapshot tests (examples/snapshot_tests: a compiler or timing-model change shows as
# a snapshot diff there).
# Then a subset of the Python suite runs again on the hardware backend (TPUDEV_BACKEND=hw,
# the XLA CPU PJRT plugin from xla-cpu-pjrt): HW_TESTS below, kept to about five minutes.
# Last, the operator suites run on the simulator's GPU path (TPUDEV_SIM_EXEC=gpu, Mesa's lavapipe
# in CI): GPU_TESTS below. Then the wheel (scripts/wheel_test.sh): built, installed into a
# fresh environment outside the tree, and run from there.
# All suites run even if one fails; the exit status is non-zero if any failed.
# Extra arguments are passed to pytest, e.g. `bash scripts/test.sh -k matmul -x`.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"

bash scripts/setup.sh

# Mesa's Vulkan layer probes for a display and complains without a runtime dir (harmless).
if [ -z "${XDG_RUNTIME_DIR:-}" ]; then
    XDG_RUNTIME_DIR="$(mktemp -d)"
    chmod 700 "$XDG_RUNTIME_DIR"
    export XDG_RUNTIME_DIR
fi

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

# Runs pytest with one environment setting (`VAR=value`) on the tests and pytest arguments
# that follow, reports as "pytest (LABEL)" and records a failure as FAILURE.
pytest_with() {
    local setting=$1 label=$2 failure=$3
    shift 3
    local rc=0
    env "$setting" "$ROOT/.venv/bin/python" -m pytest -q -p no:cacheprovider "$@" || rc=$?
    if [ $rc -eq 0 ]; then
        echo "pytest ($label): ok"
    else
        echo "pytest ($label): FAILED (exit $rc)"
        failed+=("$failure (exit $rc)")
    fi
}

# The hardware path: the same runtime on the XLA CPU PJRT plugin. Tests that cannot mean the
# same there are marked sim_only (skipped, with the reason) or hw_differs (strict xfail, with
# the reason); docs/hardware.md lists them, with the command for the whole suite on hardware.
HW_TESTS=(python/tests/test_tensors.py python/tests/test_eager_modes.py python/tests/test_training.py
    python/tests/test_device.py python/tests/test_ops.py python/tests/test_errors.py
    python/tests/test_precision.py python/tests/test_defer_and_fuse.py python/tests/test_device_module.py
    python/tests/test_autocast.py python/tests/test_module_conversion.py python/tests/test_complex.py
    python/tests/test_float8.py python/tests/test_block_scaled.py python/tests/test_blockwise_fp8.py python/tests/test_torchao.py
    python/tests/test_int_products.py
    python/tests/test_unsigned.py
    python/tests/test_pallas.py
    python/tests/test_compile_cache.py::test_hardware_executables_are_stored_and_loaded_by_a_later_process)
printf '\n==> test: pytest on the hardware backend (TPUDEV_BACKEND=hw, XLA CPU PJRT plugin)\n\n'
pytest_with TPUDEV_BACKEND=hw hw "pytest on hw" "${HW_TESTS[@]}" "$@"

# The simulator's GPU path (TPUDEV_SIM_EXEC=gpu, docs/gpu.md) on the operator suites; in CI
# the device is Mesa's lavapipe, which scripts/setup.sh installs.
GPU_TESTS=(python/tests/test_ops.py python/tests/test_opinfo.py python/tests/test_precision.py python/tests/test_training.py
    python/tests/test_sim_gpu.py python/tests/test_float8.py python/tests/test_block_scaled.py python/tests/test_blockwise_fp8.py
    python/tests/test_int_products.py
    python/tests/test_unsigned.py
    python/tests/test_pallas.py python/tests/test_pallas_timing.py)
printf '\n==> test: pytest on the simulator'"'"'s GPU path (TPUDEV_SIM_EXEC=gpu)\n\n'
pytest_with TPUDEV_SIM_EXEC=gpu gpu "pytest on the GPU path" "${GPU_TESTS[@]}" "$@"

# The wheel as pip users get it: built, installed into a fresh environment outside the tree,
# the demo, the tpudev command and a smoke subset run from there.
printf '\n==> test: the torch_tpudev wheel in a fresh environment (scripts/wheel_test.sh)\n\n'
if bash scripts/wheel_test.sh; then
    echo "wheel: ok"
else
    rc=$?
    echo "wheel: FAILED (exit $rc)"
    failed+=("wheel (exit $rc)")
fi

echo
if [ ${#failed[@]} -eq 0 ]; then
    echo "test.sh: all tests passed (cargo test, pytest, pytest on hw, pytest on the GPU path, the wheel)"
else
    summary="$(printf '%s; ' "${failed[@]}")"
    echo "test.sh: FAILED: ${summary%; }"
    exit 1
fi
