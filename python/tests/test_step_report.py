"""`Profile.report_html`: one self-contained page of a profiled training step, its labels laid out
without overlaps, and the page checked in a real browser (chromium-headless-shell)."""

import html.parser
import inspect
import os
import re
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import pytest
import torch

import torch_tpudev
from torch_tpudev.profiler import OpSummary
from torch_tpudev.roofline import roofline_svg

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SVG = "{http://www.w3.org/2000/svg}"
SIM = "the simulated clock, profiler and chip presets are the simulator's"
BROWSER = "chromium-headless-shell"
STEP_LINE = None  # the line of the `.item()` in `_profiled_steps`, set when it runs


def _profiled_steps():
    """Two training steps of a small transformer after a warm-up step, then an accuracy check
    under defer-and-fuse whose `.item()`s are sync points, all profiled."""
    global STEP_LINE
    sys.path.insert(0, str(EXAMPLES))
    try:
        from models import TinyTransformer, copy_task_batch, training_step
    finally:
        sys.path.remove(str(EXAMPLES))
    torch.manual_seed(0)
    model = TinyTransformer(vocab=64, d_model=32, heads=4, layers=1, max_len=16).to("tpu")
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
    data = torch.Generator().manual_seed(0)

    def batch():
        x, y = copy_task_batch(data, batch=4, seq=16)
        return x.to("tpu"), y.to("tpu")

    training_step(model, opt, *batch()).item()
    with torch_tpudev.profile() as prof:
        for _ in range(2):
            training_step(model, opt, *batch()).item()
        x, y = batch()
        with torch.no_grad(), torch.tpu.set_eager_mode(torch.tpu.EagerMode.DEFER_AND_FUSE):
            for _ in range(2):
                model(x).argmax(-1).eq(y).float().mean().item(); STEP_LINE = inspect.currentframe().f_lineno  # noqa: E702
    return prof


@pytest.fixture(scope="module")
def prof():
    return _profiled_steps()


@pytest.fixture(scope="module")
def drift_report():
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.ReLU(), torch.nn.Linear(32, 4))
    return torch_tpudev.drift(model, torch.randn(8, 16), precision="medium", threshold=1e-4)


@pytest.fixture(scope="module")
def report(prof, drift_report, tmp_path_factory):
    path = tmp_path_factory.mktemp("report") / "step.html"
    prof.report_html(path, drift=drift_report)
    return path


# --- overlap check of the texts of an SVG ---------------------------------------------------


def text_boxes(svg):
    """(text, box) of every <text> of `svg`: width 0.6 x font size per character, height the
    font size above the baseline (shifted down by a fifth for descenders), placed by its
    text-anchor; a text turned by rotate(-90 x y) gets the box turned likewise."""
    root = ET.fromstring(svg)
    default = float(root.get("font-size", 16))
    out = []
    for t in root.iter(f"{SVG}text"):
        text = "".join(t.itertext())
        size = float(t.get("font-size", default))
        x, y, w = float(t.get("x")), float(t.get("y")), 0.6 * size * len(text)
        start = {"start": 0.0, "middle": -w / 2, "end": -w}[t.get("text-anchor", "start")]
        transform = t.get("transform", "")
        if transform:
            m = re.fullmatch(r"rotate\(-90 ([\d.]+) ([\d.]+)\)", transform)
            assert m and (float(m[1]), float(m[2])) == (x, y), f"unexpected transform {transform!r}"
            box = (x - 0.8 * size, y - start - w, x + 0.2 * size, y - start)
        else:
            box = (x + start, y - 0.8 * size, x + start + w, y + 0.2 * size)
        out.append((text, box))
    return out


def assert_no_overlap(svg, width=None, height=None):
    boxes = text_boxes(svg)
    for i, (a, ba) in enumerate(boxes):
        for b, bb in boxes[i + 1:]:
            assert not (ba[0] < bb[2] and bb[0] < ba[2] and ba[1] < bb[3] and bb[1] < ba[3]), (a, ba, b, bb)
        if width is not None:
            assert ba[0] >= 0 and ba[2] <= width and ba[1] >= 0 and ba[3] <= height, (a, ba)
    return [t for t, _ in boxes]


def _many_ops(n=30):
    """`n` distinct ops, many of them close together on the plot, with long names."""
    rows = []
    for i in range(n):
        flops = int(1e9 * (1 + i % 5))
        nbytes = int(1e7 * (1 + (i * 7) % 11) / (1 + i % 3))
        time_s = 1e-5 * (1 + (i * 3) % 4)
        rows.append(OpSummary(op=f"aten_op_with_a_long_name_{i:02d}", count=1, time_s=time_s, share=1 / n,
                              flops=flops, bytes=nbytes, flops_per_s=flops / time_s, mfu=0.1,
                              bound=("compute", "memory", "overhead")[i % 3]))
    return sorted(rows, key=lambda r: (-r.time_s, r.op))


def test_roofline_labels_never_overlap_with_thirty_ops():
    svg = roofline_svg(_many_ops(30), 197e12, 819e9, "TPU v5e")
    texts = assert_no_overlap(svg, 760, 480)
    root = ET.fromstring(svg)
    assert len([c for c in root.iter(f"{SVG}circle") if c.find(f"{SVG}title") is not None]) == 30
    assert sum(t.startswith("aten_op_with") for t in texts) >= 3, texts  # some ops are labelled
    assert sum(t.startswith("1e") for t in texts) >= 6, texts  # and the axes keep tick labels
    assert {"compute-bound", "memory-bound", "FLOP/s", "FLOPs per HBM byte"} <= set(texts)
    # A very wide range of intensities: tick labels are thinned rather than overlapping.
    wide = [OpSummary("a", 1, 1e-5, 0.5, 10**3, 10**12, 1e8, 0.0, "memory"),
            OpSummary("b", 1, 1e-5, 0.5, 10**16, 10**2, 1e21, 0.0, "compute")]
    texts = assert_no_overlap(roofline_svg(wide, 197e12, 819e9, "TPU v5e"), 760, 480)
    assert 3 <= sum(t.startswith("1e") for t in texts)


# --- the page --------------------------------------------------------------------------------


class _Tables(html.parser.HTMLParser):
    """The cells of each <table id=...> of a page, and the ids of its sections."""

    def __init__(self):
        super().__init__()
        self.tables, self.sections, self._table, self._cell = {}, [], None, None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "section":
            self.sections.append(attrs.get("id"))
        if tag == "table" and attrs.get("id"):
            self._table = self.tables.setdefault(attrs["id"], [])
        elif tag == "tr" and self._table is not None:
            self._table.append([])
        elif tag in ("td", "th") and self._table is not None:
            self._cell = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self._table[-1].append("".join(self._cell).strip())
            self._cell = None
        elif tag == "table":
            self._table = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def _parse(page):
    p = _Tables()
    p.feed(page)
    return p


@pytest.mark.sim_only(SIM)
def test_report_shows_the_step(prof, report, drift_report):
    page = report.read_text()
    parsed = _parse(page)
    assert parsed.sections == ["header", "roofline", "ops", "timeline", "other-chips", "advisor", "drift"]
    assert "<script" not in page and "<link" not in page and "src=" not in page and "@import" not in page
    # The op table is the summary, row for row, formatted as prof.table() formats it.
    summary = prof.summary()
    table_rows = [line.rsplit(None, 8) for line in prof.table().splitlines()[2:len(summary) + 2]]
    ops = parsed.tables["op-table"]
    assert ops[0] == ["op", "count", "time us", "share", "GFLOP", "MB", "TFLOP/s", "MFU", "bound"]
    assert len(ops) - 1 == len(summary) >= 10
    for cells, r, text_row in zip(ops[1:], summary, table_rows):
        assert cells == text_row, (cells, text_row)
        assert cells[0] == r.op and int(cells[1]) == r.count and cells[-1] == r.bound
        assert abs(float(cells[2]) - r.time_s * 1e6) <= 5e-4 and abs(float(cells[5]) - r.bytes / 1e6) <= 5e-4
    # The header.
    assert f'<td id="step-time">{prof.total_time_s * 1e6:.3f} us</td>' in page
    mfu = sum(r.flops for r in summary) / prof.total_time_s / prof.peak_flops
    assert f'<td id="mfu">{mfu * 100:.1f}%</td>' in page
    total = sum(e.cycles for e in prof.events)
    mix = re.search(r'<td id="bound-mix">(.*?)</td>', page)[1]
    for b in {e.bound for e in prof.events}:
        share = sum(e.cycles for e in prof.events if e.bound == b) / total
        assert f"</span>{b} {share * 100:.1f}%" in mix, (b, mix)
    # The same step on other chips.
    for chip in ("v5e", "v5p", "v6e", "v7x"):
        seconds, chip_mfu = prof.on_chip(chip)
        assert re.search(rf'data-chip="{chip}"><b>[^<]+</b>: {seconds * 1e6:.1f} us, MFU {chip_mfu * 100:.1f}%', page)
    # The sync points, with this file's line.
    assert len(prof.sync_points) == 2
    assert f"2 x <b>host read</b> at <code>{__file__}:{STEP_LINE}</code>" in page
    # The advisor's findings, largest saving first: the accuracy check's two `.item()`s among them.
    advice = torch_tpudev.advise(prof)
    findings = parsed.tables["advisor-table"]
    assert [row[1].split(":", 1)[0] for row in findings[1:]] == advice.kinds() and len(advice) >= 2
    assert any(row[1].startswith("host sync") and f"{__file__}:{STEP_LINE}" in row[3] for row in findings[1:])
    # The drift table.
    drift = parsed.tables["drift-table"]
    assert [c[0] for c in drift[1:]] == [r.name for r in drift_report.rows]
    assert f"first divergent layer: <b>{drift_report.first_divergent}</b>" in page
    assert f"threshold {drift_report.threshold:g}" in page


@pytest.mark.sim_only(SIM)
def test_report_svgs_are_inline_and_their_labels_do_not_overlap(prof, report):
    page = report.read_text()
    svgs = re.findall(r"<svg .*?</svg>", page, re.S)
    assert len(svgs) == 2
    roofline, timeline = svgs
    assert roofline == prof.roofline().strip()
    assert_no_overlap(roofline, 760, 480)
    root = ET.fromstring(timeline)
    texts = assert_no_overlap(timeline, float(root.get("width")), float(root.get("height")))
    assert "kernels" in texts and any(t.startswith(prof.summary()[0].op) for t in texts), texts
    sync_marks = [ln for ln in root.iter(f"{SVG}line") if ln.find(f"{SVG}title") is not None]
    assert len(sync_marks) == len(prof.sync_points)
    # A report without a drift report has no drift section.
    other = report.with_name("no_drift.html")
    prof.report_html(other)
    assert 'id="drift"' not in other.read_text() and 'id="timeline"' in other.read_text()


# --- in a real browser ---------------------------------------------------------------------


def _browser():
    path = shutil.which(BROWSER)
    if path is None:
        if os.environ.get("TPUDEV_NO_BROWSER") == "1":
            pytest.skip(f"TPUDEV_NO_BROWSER=1: the page is not checked in {BROWSER}")
        pytest.fail(f"{BROWSER} is not installed: run scripts/setup.sh (it installs the Debian package "
                    f"chromium-headless-shell), or set TPUDEV_NO_BROWSER=1 to skip this check")
    return path


def png_rows(data):
    """(width, height, distinct scanlines) of a PNG, from its IDAT data (no pixel unfiltering:
    an image of one colour has at most a few distinct filtered scanlines, one per filter)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", chunk[:10])
            channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[color]
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = 1 + (width * channels * depth + 7) // 8
    assert len(raw) == stride * height
    return width, height, len({raw[i:i + stride] for i in range(0, len(raw), stride)})


@pytest.mark.sim_only(SIM)
def test_report_renders_in_a_browser(report, tmp_path):
    browser = _browser()
    png = tmp_path / "page.png"
    base = [browser, "--headless", "--disable-gpu", "--no-sandbox", "--window-size=1400,2000"]
    env = {**os.environ, "HOME": str(tmp_path)}
    shot = subprocess.run([*base, f"--screenshot={png}", report.as_uri()], capture_output=True, text=True,
                          timeout=60, env=env)
    assert shot.returncode == 0, shot.stderr[-2000:]
    assert png.exists() and png.stat().st_size > 10_000
    width, height, distinct = png_rows(png.read_bytes())
    assert (width, height) == (1400, 2000)
    assert distinct > 100, "the screenshot is (nearly) blank"
    dom = subprocess.run([*base, "--dump-dom", report.as_uri()], capture_output=True, text=True, timeout=60, env=env)
    assert dom.returncode == 0, dom.stderr[-2000:]
    parsed = _parse(dom.stdout)
    assert parsed.sections == ["header", "roofline", "ops", "timeline", "other-chips", "advisor", "drift"]
    assert dom.stdout.count("<svg") == 2 and 'id="timeline-svg"' in dom.stdout
    assert "Roofline, " in dom.stdout and "<circle" in dom.stdout and "<rect" in dom.stdout
