"""The c10d backend "tpu": collectives between the simulated chips of a slice.

One process per chip. Each collective
1. meets the group through the store (`_handshake`): mismatched collectives fail on every
   rank with one message, and the start time is the latest chip's clock;
2. moves the data through an inner gloo process group, staged through host memory (the
   simulated chips live in separate processes, so their bytes must cross processes somehow;
   gloo already does that over TCP, on one host or several);
3. charges the ICI model's time for the collective over the group's chips to this chip's
   simulated clock, so every rank ends the collective at the same simulated time and the
   profiler shows it.

Tensors on the CPU pass through gloo alone: they are not on a chip, so they take no ICI time.
"""

import functools
from datetime import timedelta

import torch
import torch.distributed as dist

from .. import _C, _kernels, _op_log, _private
from . import _handshake, _slice

_done = _private.completed_work


def _dtype(t) -> str:
    return str(t.dtype).removeprefix("torch.")


def _describe(tensors) -> str:
    return ",".join(f"{_dtype(t)}{list(t.shape)}" for t in tensors)


def _nbytes(tensors) -> int:
    return sum(t.numel() * t.element_size() for t in tensors)


class _Staged:
    """Host copies of some tensors for gloo, written back to the tpu tensors afterwards."""

    def __init__(self, tensors, read=True):
        self.originals = list(tensors)
        self.host = [
            (t.cpu() if read else torch.empty(t.shape, dtype=t.dtype)) if t.device.type == "tpu" else t
            for t in self.originals
        ]

    def write_back(self):
        for t, h in zip(self.originals, self.host):
            if t is not h:
                t.copy_(h)


def _untimed_staging(method):
    """Runs a collective with the simulated clock paused: copying its data to the host and
    back is this simulator's transport, not work the chip would do. Work the chip had queued
    (defer-and-fuse) runs first, timed. The ICI time (`_C.ici_transfer`) counts through the
    pause."""

    @functools.wraps(method)
    def run(self, *args):
        if not self._timed:
            return method(self, *args)
        _C.synchronize()
        _C.pause_clock(True)
        try:
            with _op_log.staging():
                return method(self, *args)
        finally:
            _C.pause_clock(False)

    return run


def _reduce_op_name(op) -> str:
    for name in ("SUM", "AVG", "PRODUCT", "MIN", "MAX", "BAND", "BOR", "BXOR", "PREMUL_SUM"):
        if op == getattr(dist.ReduceOp, name):
            return name.lower()
    return str(op)


class TpuBackend(_private.c10d_backend_base()):
    """The backend of one process group (created by `init_process_group("tpu")` and
    `new_group`)."""

    # What c10d asks a backend before using a feature (`init_process_group(device_id=...)`
    # asks `supports_splitting`). A Python subclass must answer itself: the C++ properties call
    # the virtual method, which the binding sends back to the property, without end.
    supports_splitting = False
    supports_coalescing = False
    supports_reconfigure = False
    supports_shrinking = False
    supports_window = False

    def __init__(self, opts):
        super().__init__(opts.group_rank, opts.group_size)
        self._rank, self._size = opts.group_rank, opts.group_size
        self._ranks = list(opts.global_ranks_in_group) or list(range(self._size))
        timeout = opts.timeout if isinstance(opts.timeout, timedelta) else None
        self._gloo = dist.ProcessGroupGloo(dist.PrefixStore("tpudev/gloo", opts.store), self._rank, self._size,
                                      timeout or timedelta(minutes=30))
        self._handshake = _handshake.Handshake(opts.store, self._rank, self._ranks, _handshake.timeout_s(timeout))
        # Hardware has no simulated clock: there the backend moves data and checks matching only.
        self._timed = torch.tpu.backend() == "sim"
        if self._timed and not dist.is_initialized():  # the default group, made first, is the slice
            _slice.join(self._size, self._rank)
        self._slice = _slice.current()

        _handshake.install_failure_reporting()

    # -- identity (c10d asks for both names)
    def getBackendName(self):
        return "tpu"

    def _get_backend_name(self):
        return "tpu"

    def name(self):
        return "tpu"

    # -- the common path
    def _clock(self):
        return _C.sim_time()[0] if self._timed else 0

    def _run(self, what, kind, nbytes, on_chip, transport, opts=None, writes=()):
        """Meets the group, runs `transport()`, charges `kind` over `nbytes` to the clock. An
        asynchronous collective (`opts.asyncOp`: `async_op=True`, DDP's buckets, FSDP's
        gathers) that writes device tensors `writes` runs on the ICI beside the kernels: what
        reads or writes them later waits for it, as on a TPU."""
        _op_log.collective(what)
        start = self._handshake.meet(what, self._clock())
        transport()
        if self._timed and on_chip:
            cycles = _C.collective_cycles(self._slice.spec, kind, nbytes, self._ranks)
            name = what.split("(", 1)[0]
            if getattr(opts, "asyncOp", False) and writes:
                writes = [_kernels._base_addr(t) for t in writes if t.device.type == "tpu"]
                _C.ici_transfer_async(name, start, cycles, nbytes, writes)
            else:
                _C.ici_transfer(name, start, cycles, nbytes)

    def _per_rank(self, flat):
        """c10d's list-of-lists argument (one list of a tensor per rank, per input) from its
        flattening."""
        k = self._size
        return [flat[i * k:(i + 1) * k] for i in range(len(flat) // k)]

    def _reduce_into(self, host, op):
        """gloo has no AVG: sum, then divide; nor PREMUL_SUM (FSDP2's reduce-scatter with a
        divide factor, as TorchTitan sets it): scale each rank's values, then sum."""
        o = dist.AllreduceOptions()
        premul = op == dist.ReduceOp.PREMUL_SUM
        if premul:
            factor = op.factor
            factor = factor.item() if isinstance(factor, torch.Tensor) else float(factor)
            for h in host:
                h.mul_(factor)
        o.reduceOp = dist.ReduceOp.SUM if premul or op == dist.ReduceOp.AVG else op
        self._gloo.allreduce(host, o).wait()
        if op == dist.ReduceOp.AVG:
            for h in host:
                h.div_(self._size)

    # -- collectives
    @_untimed_staging
    def allreduce(self, tensors, opts):
        staged = _Staged(tensors)
        what = f"all_reduce({_describe(tensors)},{_reduce_op_name(opts.reduceOp)})"

        def transport():
            self._reduce_into(staged.host, opts.reduceOp)
            staged.write_back()

        self._run(what, "all-reduce", _nbytes(tensors), _on_chip(tensors), transport, opts, tensors)
        return _done(tensors)

    def allreduce_coalesced(self, tensors, opts):
        return self.allreduce(tensors, opts)

    @_untimed_staging
    def broadcast(self, tensors, opts):
        staged = _Staged(tensors)
        what = f"broadcast({_describe(tensors)},root={opts.rootRank})"

        def transport():
            self._gloo.broadcast(staged.host, opts).wait()
            staged.write_back()

        # Bandwidth-optimal broadcast is a scatter then an all-gather: an all-reduce's traffic.
        self._run(what, "all-reduce", _nbytes(tensors), _on_chip(tensors), transport, opts, tensors)
        return _done(tensors)

    @_untimed_staging
    def barrier(self, opts=None):
        self._run("barrier()", "all-reduce", 4, self._timed, lambda: None)
        return _done([])

    @_untimed_staging
    def allgather(self, output_tensors, input_tensors, opts):
        outs = [t for per_input in output_tensors for t in per_input]
        staged_in, staged_out = _Staged(input_tensors), _Staged(outs, read=False)
        what = f"all_gather({_describe(input_tensors)})"

        def transport():
            self._gloo.allgather(self._per_rank(staged_out.host), staged_in.host).wait()
            staged_out.write_back()

        self._run(what, "all-gather", _nbytes(outs), _on_chip(input_tensors), transport)
        return _done(output_tensors)

    @_untimed_staging
    def all_gather_single(self, output, input, opts):
        staged_in, staged_out = _Staged([input]), _Staged([output], read=False)
        what = f"all_gather_into_tensor({_describe([input])}->{_describe([output])})"

        def transport():
            self._gloo._allgather_base(staged_out.host[0], staged_in.host[0]).wait()
            staged_out.write_back()

        self._run(what, "all-gather", _nbytes([output]), _on_chip([input]), transport, opts, [output])
        return _done([output])

    _allgather_base = all_gather_single

    def _pairwise(self, collective, outputs, inputs, opts):
        """A coalesced collective as one collective per (output, input) pair."""
        for o, i in zip(outputs, inputs):
            collective(o, i, opts)
        return _done(outputs)

    @_untimed_staging
    def all_gather_single_coalesced(self, outputs, inputs, opts):
        return self._pairwise(self.all_gather_single, outputs, inputs, opts)

    allgather_into_tensor_coalesced = all_gather_single_coalesced

    @_untimed_staging
    def reduce_scatter(self, output_tensors, input_tensors, opts):
        # One output per input list: reduce the list elementwise, keep this rank's part.
        for out, parts in zip(output_tensors, input_tensors):
            flat = torch.cat([p.reshape(-1) for p in parts])
            self._reduce_scatter_flat(out, flat, opts.reduceOp, f"reduce_scatter({_describe(parts)})")
        return _done(output_tensors)

    @_untimed_staging
    def reduce_scatter_single(self, output, input, opts):
        what = f"reduce_scatter_tensor({_describe([input])}->{_describe([output])})"
        self._reduce_scatter_flat(output, input.reshape(-1), opts.reduceOp, what, opts)
        return _done([output])

    _reduce_scatter_base = reduce_scatter_single

    @_untimed_staging
    def reduce_scatter_single_coalesced(self, outputs, inputs, opts):
        return self._pairwise(self.reduce_scatter_single, outputs, inputs, opts)

    reduce_scatter_tensor_coalesced = reduce_scatter_single_coalesced

    def _reduce_scatter_flat(self, output, flat_input, op, what, opts=None):
        # gloo's reduce-scatter covers few dtypes; an all-reduce of the whole input then
        # taking this rank's slice gives the same values, and the ICI model still times it
        # as the reduce-scatter it is.
        staged = _Staged([flat_input])
        n = output.numel()

        def transport():
            self._reduce_into(staged.host, op)
            mine = staged.host[0][self._rank * n:(self._rank + 1) * n]
            output.copy_(mine.view(output.shape))

        self._run(what, "reduce-scatter", _nbytes([flat_input]), _on_chip([flat_input]), transport, opts, [output])

    @_untimed_staging
    def all_to_all_single(self, output, input, output_split_sizes, input_split_sizes, opts):
        staged_in, staged_out = _Staged([input]), _Staged([output], read=False)
        what = f"all_to_all_single({_dtype(input)})"

        def transport():
            self._gloo.alltoall_base(staged_out.host[0], staged_in.host[0], output_split_sizes,
                                     input_split_sizes, opts).wait()
            staged_out.write_back()

        self._run(what, "all-to-all", _nbytes([input]), _on_chip([input]), transport)
        return _done([output])

    alltoall_base = all_to_all_single

    @_untimed_staging
    def alltoall(self, output_tensors, input_tensors, opts):
        staged_in, staged_out = _Staged(input_tensors), _Staged(output_tensors, read=False)
        what = f"all_to_all({len(input_tensors)} tensors,{_dtype(input_tensors[0])})"

        def transport():
            self._gloo.alltoall(staged_out.host, staged_in.host, opts).wait()
            staged_out.write_back()

        self._run(what, "all-to-all", _nbytes(input_tensors), _on_chip(input_tensors), transport)
        return _done(output_tensors)

    # -- rooted collectives: timed as their all-to-all-ranks counterparts, which move as much
    @_untimed_staging
    def reduce(self, tensors, opts):
        staged = _Staged(tensors)
        what = f"reduce({_describe(tensors)},{_reduce_op_name(opts.reduceOp)},root={opts.rootRank})"

        def transport():
            # gloo's reduce has no AVG either: reduce copies everywhere and keep the root's
            # result; the other ranks' tensors stay as they were, as c10d specifies.
            work = [h.clone() for h in staged.host]
            self._reduce_into(work, opts.reduceOp)
            if self._rank == opts.rootRank:
                for h, w in zip(staged.host, work):
                    h.copy_(w)
                staged.write_back()

        self._run(what, "all-reduce", _nbytes(tensors), _on_chip(tensors), transport, opts, tensors)
        return _done(tensors)

    @_untimed_staging
    def gather(self, output_tensors, input_tensors, opts):
        outs = [t for per_input in output_tensors for t in per_input]
        staged_in, staged_out = _Staged(input_tensors), _Staged(outs, read=False)
        what = f"gather({_describe(input_tensors)},root={opts.rootRank})"

        def transport():
            self._gloo.gather(self._per_rank(staged_out.host), staged_in.host, opts).wait()
            staged_out.write_back()

        self._run(what, "all-gather", _nbytes(input_tensors) * self._size, _on_chip(input_tensors), transport)
        return _done(output_tensors)

    @_untimed_staging
    def scatter(self, output_tensors, input_tensors, opts):
        ins = [t for per_output in input_tensors for t in per_output]
        staged_in, staged_out = _Staged(ins), _Staged(output_tensors, read=False)
        what = f"scatter({_describe(output_tensors)},root={opts.rootRank})"

        def transport():
            self._gloo.scatter(staged_out.host, self._per_rank(staged_in.host), opts).wait()
            staged_out.write_back()

        self._run(what, "all-gather", _nbytes(output_tensors) * self._size, _on_chip(output_tensors), transport)
        return _done(output_tensors)

    # -- point to point
    def send(self, tensors, dst, tag):
        return self._p2p("send", tensors, dst, tag)

    def recv(self, tensors, src, tag):
        return self._p2p("recv", tensors, src, tag)

    @_untimed_staging
    def _p2p(self, direction, tensors, peer, tag):
        staged = _Staged(tensors, read=direction == "send")
        start = self._handshake.meet_peer(peer, _describe(tensors), self._clock())
        if direction == "send":
            self._gloo.send(staged.host, peer, tag).wait()
        else:
            self._gloo.recv(staged.host, peer, tag).wait()
            staged.write_back()
        if self._timed and _on_chip(tensors):
            me, other = self._ranks[self._rank], self._ranks[peer]
            src, dst = (me, other) if direction == "send" else (other, me)
            cycles = _C.p2p_cycles(self._slice.spec, _nbytes(tensors), src, dst)
            _C.ici_transfer(direction, start, cycles, _nbytes(tensors))
        return _done(tensors)


def _on_chip(tensors) -> bool:
    return any(t.device.type == "tpu" for t in tensors)


def _create(opts, backend_options=None):
    return TpuBackend(opts)


def register() -> None:
    """Registers the c10d backend "tpu" for tpu and cpu tensors. Idempotent."""
    if "tpu" not in dist.Backend.backend_list:
        dist.Backend.register_backend("tpu", _create, extended_api=True, devices=["tpu", "cpu"])
