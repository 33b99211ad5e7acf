#!/usr/bin/env bash
# Sets everything up (scripts/setup.sh), then trains a small transformer on the simulated TPU
# (examples/train.py), printing the loss per step and what the device measured.
# Arguments are passed to train.py, e.g. `bash scripts/demo.sh --steps 10 --chip v6e`.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

bash scripts/setup.sh

printf '\n==> demo: training a small transformer on the simulated TPU (examples/train.py)\n\n'
exec "$ROOT/.venv/bin/python" examples/train.py "$@"
