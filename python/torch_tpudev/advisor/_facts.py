"""What the detectors read about a profiled run: its kernel events and sync points, the op calls
with their lines of user code, the graphs `torch.compile` compiled, and the run's matrix
products as the MXU model of the advised chip sees them, with what-if prices."""

import bisect
import math
from dataclasses import dataclass

from .. import _C, _op_log


@dataclass(frozen=True)
class Product:
    """A matrix product (or convolution) of the run, once per run of its program."""

    index: int  # in the run's product list (for `RunFacts.product_cycles`)
    run: int  # which program run
    kind: str
    batch: int
    m: int
    n: int
    k: int
    lhs_bytes: int
    rhs_bytes: int
    out_bytes: int
    passes: int
    cycles: int

    @property
    def dims(self):
        return (self.batch, self.m, self.n, self.k)


class RunFacts:
    def __init__(self, prof, chip=None):
        if prof._programs is None:
            raise ValueError(
                "torch_tpudev.advise reads a finished profile: profile the step with "
                "`with torch_tpudev.profile() as prof:` and call advise(prof) after the block ends"
            )
        self.prof = prof
        self.events = prof.events
        self.sync_points = prof.sync_points
        self.ops = prof.op_calls
        self.compiles = prof.compiles
        info = _C.chip_info(chip or prof.chip_key)
        self.chip = info["chip_name"]
        self.chip_key = info["chip_key"]
        self.clock_hz = info["clock_hz"]
        self.mxu_rows, self.mxu_cols = info["mxu_rows"], info["mxu_cols"]
        self.hbm_bw = info["hbm_bw_bytes_per_s"]
        self.launch_cycles = info["launch_cycles"]
        self.profiled_chip = prof.chip
        self.profiled_clock_hz = prof.clock_hz
        # Savings read off the events are times on the profiled chip; on another chip they are
        # scaled by how much longer or shorter the same programs take there.
        same = info["chip_name"] == prof.chip
        self.run_s = prof.total_time_s if same or not prof.events else prof.on_chip(self.chip_key)[0]
        self._event_scale = 1.0 if same or not prof.total_time_s else self.run_s / prof.total_time_s
        self._products = None
        self._call_starts = None
        self._lines = {}
        self._what_ifs = {}

    def seconds(self, cycles) -> float:
        """Seconds of `cycles` of the advised chip's clock."""
        return cycles / self.clock_hz

    def hbm_seconds(self, nbytes) -> float:
        """Seconds moving `nbytes` to or from HBM at the advised chip's bandwidth."""
        return nbytes / self.hbm_bw

    def event_seconds(self, cycles) -> float:
        """Seconds of `cycles` of the profiled chip's clock (event times), on the advised chip."""
        return cycles / self.profiled_clock_hz * self._event_scale

    @property
    def products(self):
        if self._products is None:
            self._products = [Product(i, *row) for i, row in enumerate(self.prof._programs.products(self.chip_key))]
        return self._products

    def product_cycles(self, product, batch=None, m=None, n=None, k=None, bf16=False) -> int:
        """Cycles of `product` alone on the advised chip with the dims given replaced (and, with
        `bf16`, bf16 operands in one MXU pass)."""
        dims = (
            product.batch if batch is None else batch,
            product.m if m is None else m,
            product.n if n is None else n,
            product.k if k is None else k,
        )
        # A run repeats its products' shapes step after step: price each what-if once.
        key = (product.kind, product.lhs_bytes, product.rhs_bytes, product.out_bytes, product.passes, dims, bf16)
        if key not in self._what_ifs:
            self._what_ifs[key] = self.prof._programs.product_cycles(self.chip_key, product.index, *dims, bf16)
        return self._what_ifs[key]

    def product_lines(self, product):
        key = (product.kind, product.dims)
        if key not in self._lines:
            self._lines[key] = self._product_lines(product)
        return self._lines[key]

    def _product_lines(self, product):
        """The lines of user code whose op calls ran this product's shape (forward calls by
        their own dims; gradients, whose dims are a permutation of a forward call's, by that
        call, marked "(backward)")."""
        exact, backward = [], []
        # Ops autograd ran for a backward pass have no line of user code of their own.
        dims = sorted((product.m, product.n, product.k))
        for call in self.ops:
            if call.operands is None or call.op.partition(".")[0] not in _op_log.PRODUCT_OPS:
                continue
            d = _call_dims(call)
            if d is None or call.where in exact or call.where.startswith("("):
                continue
            if d[1] is None:  # a convolution: its n and k
                if product.kind == "convolution" and d[2:] == (product.n, product.k):
                    exact.append(call.where)
                continue
            if d[1:] == (product.m, product.n, product.k):
                exact.append(call.where)
            elif sorted(d[1:]) == dims and f"{call.where} (backward)" not in backward:
                backward.append(f"{call.where} (backward)")
        return tuple(exact or backward)

    def op_call_index_at(self, cycles):
        """The index of the op call whose run produced an event starting at `cycles`: the last
        call started at or before it (op-by-op modes run each op as it is called)."""
        if self._call_starts is None:
            self._call_starts = [c.cycles for c in self.ops]
        i = bisect.bisect_right(self._call_starts, cycles)
        return i - 1 if i else None

    @staticmethod
    def user_lines(weights, most=6):
        """The lines of user code among `weights` ({line: time}), heaviest first. Ops autograd
        runs for a backward pass have no line of their own; they are left out."""
        user = [w for w in weights if not w.startswith("(")]
        return tuple(sorted(user, key=lambda w: (-weights[w], w))[:most])


def _call_dims(call):
    """(batch, m, n, k) of a product op call from its operand shapes, or None."""
    name = call.op.partition(".")[0]
    shapes = [s for s, _ in call.operands]
    try:
        if name == "mm":
            (m, k), (_, n) = shapes[0], shapes[1]
            return (1, m, n, k)
        if name == "addmm":
            (m, k), (_, n) = shapes[1], shapes[2]
            return (1, m, n, k)
        if name == "bmm":
            (b, m, k), (_, _, n) = shapes[0], shapes[1]
            return (b, m, n, k)
        if name == "baddbmm":
            (b, m, k), (_, _, n) = shapes[1], shapes[2]
            return (b, m, n, k)
        if name in ("convolution", "_convolution"):
            w = shapes[1]
            taps = math.prod(w[2:])
            # Output positions need the output's shape; the join only needs n and k.
            return (None, None, w[0], w[1] * taps)
    except (ValueError, IndexError):
        return None
    return None
