#!/usr/bin/env bash
# Sets up everything tpudev needs, and is cheap to run again:
#   1. checks the prerequisites (python3 >= 3.11 with venv, cargo, a C and a C++ compiler),
#   2. creates the virtual environment .venv in the repo root (once),
#   3. installs the Python dependencies python/pyproject.toml declares (the build backend, the
#      package's dependencies and its `test` and `hw` extras; again only when they changed), then
#      the model libraries the tests use (the `zoo` extra and `[tool.tpudev] zoo-no-deps`:
#      transformers, diffusers, timm, ...), read through scripts/requirements.py,
#   4. installs OpenBLAS from Debian's packages when it is missing and apt-get is usable (optional),
#      and likewise a Vulkan driver (Mesa's lavapipe) for the simulator's GPU path,
#   5. builds the Rust runtime and installs the Python package torch_tpudev (python/) into
#      .venv with `maturin develop --release` (cargo rebuilds only what changed),
#   6. checks that `import torch` brings up the "tpu" device.
# Environment: CARGO_TARGET_DIR (default: target/ in the repo root), PYTHON (default: python3).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
VENV="$ROOT/.venv"
PY="$VENV/bin/python"
STAMP="$VENV/.requirements.sha"
PYTHON="${PYTHON:-python3}"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"

step() { printf '\n==> setup: %s\n' "$*"; }
die() {
    printf '\nsetup.sh: error: %s\n' "$*" >&2
    exit 1
}
# Any command that fails without its own message still says where setup stopped.
on_error() {
    local rc=$?
    printf '\nsetup.sh: failed (exit %s) at line %s: %s\n' "$rc" "$1" "$2" >&2
}
trap 'on_error "$LINENO" "$BASH_COMMAND"' ERR

step "checking prerequisites"
command -v "$PYTHON" >/dev/null 2>&1 ||
    die "$PYTHON not found. Install Python 3.11 or newer (Debian/Ubuntu: apt-get install python3 python3-venv)."
"$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' ||
    die "Python 3.11 or newer is needed; $PYTHON is $("$PYTHON" --version 2>&1). Set PYTHON=/path/to/python3.11."
command -v cargo >/dev/null 2>&1 ||
    die "cargo not found. Install the Rust toolchain (rustup, or your distribution's rustc and cargo) and make sure cargo is on PATH."
command -v cc >/dev/null 2>&1 || command -v gcc >/dev/null 2>&1 || command -v clang >/dev/null 2>&1 ||
    die "no C compiler found (cc, gcc or clang); the Rust build needs one to link. Debian/Ubuntu: apt-get install build-essential."
command -v c++ >/dev/null 2>&1 || command -v g++ >/dev/null 2>&1 || command -v clang++ >/dev/null 2>&1 ||
    die "no C++ compiler found (c++, g++ or clang++); the extension's thin C++ layer needs one. Debian/Ubuntu: apt-get install build-essential."
echo "python: $("$PYTHON" --version 2>&1), $(cargo --version)"

step "virtual environment $VENV"
if [ -x "$PY" ] && "$PY" -c 'import sys; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1; then
    echo "exists ($("$PY" --version 2>&1))"
else
    if [ -e "$VENV" ]; then
        echo "$VENV exists but has no working Python 3.11+; recreating it"
        rm -rf "$VENV"
    fi
    "$PYTHON" -m venv "$VENV" ||
        die "could not create $VENV with '$PYTHON -m venv'. Debian/Ubuntu: apt-get install python3-venv."
    echo "created"
fi

requirements() { "$PYTHON" scripts/requirements.py "$@" || die "could not read the requirements from python/pyproject.toml"; }

step "Python packages (python/pyproject.toml: build backend, dependencies, extras test and hw)"
base_reqs="$(requirements build run test hw)"
want="$(printf '%s\n' "$base_reqs" | sha256sum | cut -d' ' -f1)"
have="$(cat "$STAMP" 2>/dev/null || true)"
# The stamp alone could hide a package removed by hand, so also look for each one (no import).
installed() {
    [ -x "$VENV/bin/maturin" ] &&
        "$PY" -c 'import importlib.util as u, sys; sys.exit(not all(u.find_spec(m) for m in ("torch", "numpy", "pytest", "xla_plugins")))'
}
if [ "$want" = "$have" ] && installed; then
    echo "up to date (unchanged since the last install)"
else
    "$PY" -m pip install --disable-pip-version-check -r <(printf '%s\n' "$base_reqs") ||
        die "pip could not install the requirements into $VENV (see pip's message above: no network access to PyPI, or no wheel for this Python/platform?)."
    echo "$want" >"$STAMP"
fi

step "model libraries and JAX for the tests (python/pyproject.toml: extras zoo and jax, then zoo-no-deps)"
MODELS_STAMP="$VENV/.requirements-models.sha"
zoo_reqs="$(requirements zoo jax)"
zoo_nodeps="$(requirements zoo-no-deps)"
want_models="$(printf '%s\n' "$base_reqs" "$zoo_reqs" "$zoo_nodeps" | sha256sum | cut -d' ' -f1)"
have_models="$(cat "$MODELS_STAMP" 2>/dev/null || true)"
models_installed() {
    "$PY" -c 'import importlib.util as u, sys; sys.exit(not all(u.find_spec(m) for m in ("transformers", "diffusers", "accelerate", "timm", "torchvision", "torchao", "jax")))'
}
if [ "$want_models" = "$have_models" ] && models_installed; then
    echo "up to date"
else
    "$PY" -m pip install --disable-pip-version-check -r <(printf '%s\n' "$zoo_reqs") ||
        die "pip could not install the zoo extra of python/pyproject.toml into $VENV (see pip's message above)."
    # --no-deps: torchvision's declared PyTorch is not the pinned one (see python/pyproject.toml).
    "$PY" -m pip install --disable-pip-version-check --no-deps -r <(printf '%s\n' "$zoo_nodeps") ||
        die "pip could not install zoo-no-deps of python/pyproject.toml into $VENV (see pip's message above)."
    "$PY" -c 'import torch, sys; sys.exit(not torch.__version__.startswith("2.15."))' ||
        die "installing the model libraries replaced the pinned PyTorch 2.15; see python/pyproject.toml."
    echo "$want_models" >"$MODELS_STAMP"
fi

# Installs Debian packages without their recommends, refreshing the package lists once if the
# first try fails; says what it did or why it could not ($2: what is missing without them).
apt_install() {
    { apt-get install -y -q --no-install-recommends $1 >/dev/null 2>&1 ||
        { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q --no-install-recommends $1 >/dev/null 2>&1; }; } &&
        echo "installed $1" ||
        echo "could not install $1 with apt-get; $2"
}

step "system BLAS (optional: used for f32/f64 matmuls on machines without AVX-512; elsewhere, and without it, the gemm crate runs them)"
if ldconfig -p 2>/dev/null | grep -q 'libopenblas\.so\.0'; then
    echo "OpenBLAS found"
elif command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    apt_install libopenblas0-pthread "matmuls use the gemm crate"
else
    echo "OpenBLAS not found; matmuls use the gemm crate. To add it: sudo apt-get install libopenblas0-pthread"
fi

step "Vulkan driver (optional: TPUDEV_SIM_EXEC=gpu; Mesa's lavapipe is a software GPU, so the GPU path is testable anywhere)"
if ls /usr/share/vulkan/icd.d/*.json >/dev/null 2>&1 && ldconfig -p 2>/dev/null | grep -q 'libvulkan\.so\.1'; then
    echo "Vulkan loader and driver found"
elif command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    apt_install "mesa-vulkan-drivers libvulkan1" "the GPU path (TPUDEV_SIM_EXEC=gpu) has no device"
else
    echo "no Vulkan driver; for the GPU path: sudo apt-get install mesa-vulkan-drivers libvulkan1 (or your GPU's driver)"
fi

step "headless browser (optional: python/tests/test_step_report.py renders Profile.report_html's page in it; without it that test fails unless TPUDEV_NO_BROWSER=1)"
if command -v chromium-headless-shell >/dev/null 2>&1; then
    echo "chromium-headless-shell found"
elif command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    apt_install "chromium-headless-shell fonts-liberation" "run the tests with TPUDEV_NO_BROWSER=1 to skip the browser check"
else
    echo "no chromium-headless-shell; to add it: sudo apt-get install chromium-headless-shell (Debian 12 and later), or run the tests with TPUDEV_NO_BROWSER=1"
fi

step "building and installing torch_tpudev (maturin develop --release, target dir $CARGO_TARGET_DIR)"
[ -f python/pyproject.toml ] || die "python/pyproject.toml not found: is this a complete tpudev checkout?"
(
    cd python
    export VIRTUAL_ENV="$VENV"
    export PATH="$VENV/bin:$PATH"
    unset CONDA_PREFIX
    maturin develop --release
) || die "building or installing the Python package failed (see the cargo/maturin messages above)."

step "checking the install"
"$PY" - <<'PY' || die "torch_tpudev is installed but the tpu device does not come up (see the traceback above)."
import torch
import torch_tpudev  # noqa: F401  (autoloaded by import torch; imported here to fail loudly)

name = torch.tpu.get_device_name()
x = torch.ones(2, device="tpu")
assert (x + x).cpu().tolist() == [2.0, 2.0], "1 + 1 != 2 on the tpu device"
print(f"torch {torch.__version__}, torch_tpudev {torch_tpudev.__version__}, device: {name} (simulated)")
PY

printf '\nsetup.sh: ready. Run Python with %s\n' "$PY"
