"""The README's demo (examples/train.py) trains and reports what the simulated chip measured."""

import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_the_demo_reports_the_last_steps_simulated_time_mfu_and_top_ops():
    run = subprocess.run(
        [sys.executable, os.path.join(ROOT, "examples", "train.py"), "--steps", "3"],
        capture_output=True, text=True, timeout=300, check=True,
    )
    out = run.stdout
    assert len(re.findall(r"^step +\d+ +loss \d+\.\d+$", out, re.M)) == 3
    step = re.search(r"simulated step time +([\d.]+) us +on TPU v5e, MFU ([\d.]+)%", out)
    assert step, out
    step_us, mfu = float(step.group(1)), float(step.group(2))
    assert step_us > 0 and 0 < mfu < 100
    shares = [float(s) for s in re.findall(r"^    \S+ +([\d.]+)% +[\d.]+% +(?:compute|memory|overhead|host)$", out, re.M)]
    assert len(shares) == 5 and shares == sorted(shares, reverse=True) and sum(shares) <= 100.0, out
    findings = re.findall(r"^    \[([a-zA-Z0-9 ]+)\] saves ~([\d.]+) us: ", out, re.M)
    assert 1 <= len(findings) <= 3, out
    savings = [float(s) for _, s in findings]
    assert savings == sorted(savings, reverse=True) and all(s < step_us for s in savings), out
    assert "host wall time" in out
