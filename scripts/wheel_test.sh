#!/usr/bin/env bash
# Builds the torch_tpudev wheel and uses it as someone who installs it with pip would: in a
# fresh virtual environment that has PyTorch (borrowed from .venv through a path file, since a
# PyTorch install is 5 GB) but neither this source tree nor a Rust toolchain on its PATH, from a
# directory outside the tree. There it installs the wheel, runs the demo (examples/train.py,
# copied out as a user would download it), the `tpudev` command (--version, chips, estimate)
# and a smoke subset of the tests, and prints the seconds the install and the demo took.
#
#   bash scripts/wheel_test.sh        (after scripts/setup.sh; scripts/test.sh runs it)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

echo "wheel: building (maturin build --release)"
(
    cd "$ROOT/python"
    export VIRTUAL_ENV="$VENV" PATH="$VENV/bin:$PATH"
    unset CONDA_PREFIX
    maturin build --release --quiet --out "$WORK/dist"
)
wheel="$(ls "$WORK"/dist/torch_tpudev-*.whl)"
echo "wheel: $(basename "$wheel") ($(du -h "$wheel" | cut -f1))"

# The fresh environment: its own site-packages first, then .venv's for PyTorch. A plain path
# line does not run .venv's own path files, so the source tree's editable install stays out.
"$VENV/bin/python" -m venv "$WORK/venv"
site="$("$WORK/venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
"$VENV/bin/python" -c 'import os, torch; print(os.path.dirname(os.path.dirname(torch.__file__)))' >"$site/pytorch.pth"

mkdir -p "$WORK/user/examples" "$WORK/user/python/tests"
cp "$ROOT/examples/train.py" "$ROOT/examples/models.py" "$WORK/user/examples/"
for t in conftest.py test_tensors.py test_training.py test_lazy_start.py test_cli.py; do
    cp "$ROOT/python/tests/$t" "$WORK/user/python/tests/"
done
cp -r "$ROOT/examples/workloads" "$WORK/user/workloads"

cd "$WORK/user"
# Only the fresh environment and the system's tools: no cargo, no rustc, no source tree.
export PATH="$WORK/venv/bin:/usr/bin:/bin"
unset VIRTUAL_ENV CONDA_PREFIX PYTHONPATH
if command -v cargo >/dev/null 2>&1 || command -v rustc >/dev/null 2>&1; then
    echo "wheel: a Rust toolchain is on the system PATH; the check below still keeps the source tree out"
fi

t0=$(date +%s.%N)
python -m pip install --quiet --disable-pip-version-check --no-deps --no-index "$wheel"
t1=$(date +%s.%N)
python examples/train.py | tail -n 9
t2=$(date +%s.%N)
python - "$ROOT" <<'PY'
import sys, torch, torch_tpudev
root = sys.argv[1]
assert not torch_tpudev.__file__.startswith(root), f"torch_tpudev came from the source tree: {torch_tpudev.__file__}"
assert not any(p.startswith(root + "/python") for p in sys.path), sys.path
print(f"wheel: torch_tpudev {torch_tpudev.__version__} from {torch_tpudev.__file__}")
PY
tpudev --version
tpudev chips | head -n 3
tpudev estimate workloads/llama3.1-8b-train-v6e-8.toml | head -n 6
# The advisor ships in the wheel: `tpudev advise` runs the demo profiled and lists its findings.
tpudev advise examples/train.py --steps 2 | grep -E '^(advisor: |1\. \[)'
python -m pytest -q -p no:cacheprovider python/tests
awk -v a="$t0" -v b="$t1" -v c="$t2" \
    'BEGIN { printf "wheel: install %.1f s, demo %.1f s, together %.1f s\n", b - a, c - b, c - a }'
