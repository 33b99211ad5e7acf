"""`tpudev advise` (also `python -m torch_tpudev.advisor`): runs a Python script as its own
`__main__`, profiled from start to end on the simulated TPU, then prints the performance
advisor's findings.

    tpudev advise [--chip v6e] [--json] [--html report.html] train.py [script args...]
"""

import argparse
import os
import runpy
import sys


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="tpudev advise",
        description="Run a PyTorch script on the simulated TPU, profiled, and list what to change to make "
        "it faster, ranked by the simulated time each change saves.",
    )
    parser.add_argument("--chip", help="price the findings on this chip (a preset key such as v6e, a name, or a "
                        "chip file); default: the chip the script ran on (TPUDEV_CHIP)")
    parser.add_argument("--json", action="store_true", help="print the findings as JSON")
    parser.add_argument("--html", metavar="PATH", help="also write the step report page (with the findings) here")
    parser.add_argument("script", help="the Python script to run")
    parser.add_argument("args", nargs=argparse.REMAINDER, help="the script's own arguments")
    opts = parser.parse_args(argv)
    if not os.path.isfile(opts.script):
        parser.error(f"no such script: {opts.script}")

    import torch_tpudev

    saved_argv = sys.argv
    sys.argv = [opts.script, *opts.args]
    try:
        with torch_tpudev.profile() as prof:
            try:
                runpy.run_path(opts.script, run_name="__main__")
            except SystemExit as e:
                if e.code not in (None, 0):
                    print(f"tpudev advise: {opts.script} exited with status {e.code}", file=sys.stderr)
                    return e.code if isinstance(e.code, int) else 1
    finally:
        sys.argv = saved_argv
    advice = torch_tpudev.advise(prof, chip=opts.chip)
    print(advice.to_json() if opts.json else advice)
    if opts.html:
        prof.report_html(opts.html)
    return 0


if __name__ == "__main__":
    sys.exit(main())
