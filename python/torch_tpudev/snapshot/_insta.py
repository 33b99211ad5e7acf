"""Snapshot files in insta's format, so that `cargo insta review` / `accept` / `reject` handle
Python snapshots as they handle Rust ones.

A file is a YAML header between `---` lines, then the body:

    ---
    source: examples/snapshot_tests/test_models.py
    expression: mlp_forward
    info:
      tpudev: 0.1.0
      chip: v5e
    ---
    <body>

`.snap` files hold accepted snapshots; a pending one is the same path plus `.new` and also
records `assertion_line`, which insta drops on accepting. The writer produces exactly the
bytes insta's own writer produces for the same metadata (keys in insta's order, strings
quoted by insta's rule, the body with trailing whitespace trimmed and one newline), so a
snapshot accepted by `cargo insta accept` is byte-identical to one written here. The reader
accepts the subset of YAML insta writes for these fields.
"""

import os
import re
from dataclasses import dataclass, field

# insta's metadata keys, in the order its writer emits them.
_KEYS = ("source", "assertion_line", "description", "expression", "info", "input_file")

_FLOAT = re.compile(r"[+-]?(inf|infinity|nan|(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?)", re.IGNORECASE)
_INT = re.compile(r"[+-]?\d+")
_RESERVED = {
    "yes", "Yes", "YES", "no", "No", "NO", "True", "TRUE", "true", "False", "FALSE", "false",
    "on", "On", "ON", "off", "Off", "OFF", "null", "Null", "NULL", "~",
}
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def _needs_quotes(s: str) -> bool:
    """insta's (yaml-rust's) rule for quoting a string scalar."""
    return (
        s == ""
        or s[0] == " "
        or s[-1] == " "
        or s[0] in "&*?|-<>=!%@"
        or any(c in ':{}[],#`"\'\\\t\n\r' or (ord(c) < 0x20 and c not in "\x07\x08\x0b\x0c\x1b") for c in s)
        or s in _RESERVED
        or s.startswith(".")
        or s.startswith("0x")
        or bool(_INT.fullmatch(s))
        or bool(_FLOAT.fullmatch(s))
    )


def _scalar(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    s = str(v)
    if not _needs_quotes(s):
        return s
    out = []
    for c in s:
        if c in _ESCAPES:
            out.append(_ESCAPES[c])
        elif ord(c) < 0x20 or ord(c) == 0x7F:
            out.append(f"\\u{ord(c):04x}")
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


def _unscalar(text: str):
    text = text.strip()
    if text.startswith('"') and text.endswith('"') and len(text) >= 2:
        body, out, i = text[1:-1], [], 0
        simple = {'"': '"', "\\": "\\", "b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", "/": "/"}
        while i < len(body):
            c = body[i]
            if c == "\\" and i + 1 < len(body):
                n = body[i + 1]
                if n == "u" and i + 5 < len(body) + 0:
                    out.append(chr(int(body[i + 2:i + 6], 16)))
                    i += 6
                    continue
                out.append(simple.get(n, n))
                i += 2
                continue
            out.append(c)
            i += 1
        return "".join(out)
    if text.startswith("'") and text.endswith("'") and len(text) >= 2:
        return text[1:-1].replace("''", "'")
    if _INT.fullmatch(text):
        return int(text)
    if text in ("~", "null"):
        return None
    return text


@dataclass
class Snapshot:
    """One snapshot file: insta's metadata fields and the body text."""

    body: str
    source: str | None = None
    expression: str | None = None
    description: str | None = None
    info: dict = field(default_factory=dict)
    assertion_line: int | None = None
    input_file: str | None = None

    def header(self, pending: bool) -> str:
        lines = ["---"]
        for key in _KEYS:
            if key == "assertion_line" and not pending:
                continue
            value = getattr(self, key)
            if value is None or (key == "info" and not value):
                continue
            if key == "info":
                lines.append("info:")
                lines.extend(f"  {_scalar(k)}: {_scalar(v)}" for k, v in value.items())
            else:
                lines.append(f"{key}: {_scalar(value)}")
        lines.append("---")
        return "\n".join(lines) + "\n"

    def text(self, pending: bool = False) -> str:
        """The file's contents, as insta writes them (`pending`: a `.snap.new`)."""
        return self.header(pending) + normalize(self.body) + "\n"


def normalize(body: str) -> str:
    """The body as insta compares it: CRLF as LF, trailing whitespace trimmed."""
    return body.replace("\r\n", "\n").rstrip()


class SnapshotFileError(ValueError):
    pass


def parse(text: str, path="<snapshot>") -> Snapshot:
    """Reads a snapshot file's contents (the subset of YAML insta writes in headers)."""
    lines = text.split("\n")
    if not lines or lines[0].rstrip() != "---":
        raise SnapshotFileError(
            f"{path} is not a snapshot file in insta's format (it must start with a '---' line); "
            "delete it and rerun with --snapshot-update to write it again"
        )
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].rstrip() == "---")
    except StopIteration:
        raise SnapshotFileError(f"{path}: the header has no closing '---' line; delete the file and rerun "
                                "with --snapshot-update") from None
    snap = Snapshot(body="\n".join(lines[end + 1:]))
    current = None
    for raw in lines[1:end]:
        if not raw.strip():
            continue
        if raw.startswith("  ") and current == "info":
            key, _, value = raw.strip().partition(":")
            snap.info[str(_unscalar(key))] = _unscalar(value)
            continue
        key, sep, value = raw.partition(":")
        if not sep:
            raise SnapshotFileError(f"{path}: cannot read header line {raw!r}")
        current = key.strip()
        if current == "info":
            if value.strip() and value.strip() != "{}":
                raise SnapshotFileError(f"{path}: 'info' must be a map of simple values")
        elif current in _KEYS:
            setattr(snap, current, _unscalar(value))
        # other keys (snapshot_kind, extension: written by other insta versions) are ignored
    snap.body = normalize(snap.body)
    return snap


def read(path) -> Snapshot:
    with open(path, encoding="utf-8") as f:
        return parse(f.read(), path)


def write(path, snap: Snapshot, pending: bool = False) -> None:
    """Writes atomically (a temporary file renamed over the target)."""
    os.makedirs(os.path.dirname(os.fspath(path)) or ".", exist_ok=True)
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "w", encoding="utf-8", newline="\n") as f:
        f.write(snap.text(pending))
    os.replace(tmp, path)


def pending_path(path) -> str:
    return os.fspath(path) + ".new"
