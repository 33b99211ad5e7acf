"""`torch.tpu`: the device module, following TorchTPU's public interface where it overlaps.

A process sees `device_count()` chips, tpu:0.. : the chips of `TPUDEV_TOPOLOGY`'s slice
(`v5e:2x2`: four), or under a launcher (torchrun, Ray) its host's chips, one per local process,
as on a multi-GPU host; otherwise one. Each thread has a current chip (`set_device`). A slice
of several processes joins through `torch.tpu.distributed`. Memory figures are the simulated
HBM's.
"""

import contextlib
import enum
import importlib
import sys
import types
from dataclasses import dataclass

import torch

from . import _C, _lazy, _precision, _sync_points
from ._precision import Precision, precision  # noqa: F401  (public: torch.tpu.Precision, precision)


class EagerMode(enum.Enum):
    """How eager ops execute: DEFER_NEVER (strict: each op runs when called, the default),
    DEFER_NEVER_AND_LAUNCH_BLOCKING (debug: synchronous, with the optional NaN/Inf check of
    `set_nan_check`) and DEFER_AND_FUSE (ops are recorded and run as one fused program at the
    next sync point: reading a result on the host, `torch.tpu.synchronize()`, a mode switch;
    intermediates that die before then never take device memory)."""

    DEFER_NEVER = "DEFER_NEVER"
    DEFER_NEVER_AND_LAUNCH_BLOCKING = "DEFER_NEVER_AND_LAUNCH_BLOCKING"
    DEFER_AND_FUSE = "DEFER_AND_FUSE"


@dataclass(frozen=True)
class TpuDeviceProperties:
    name: str
    chip: str
    total_memory: int
    multi_processor_count: int
    simulated: bool
    #: "sim" (the simulator) or "hw" (a PJRT plugin: libtpu, or the XLA CPU plugin).
    backend: str = "sim"

    @property
    def hbm_bytes(self):
        return self.total_memory

    @property
    def tensorcores(self):
        return self.multi_processor_count


def _index(device):
    """The chip index `device` names (an index, "tpu:1", a torch.device; None: the current
    chip), or an error naming the chips there are."""
    if device is None:
        return _C.current_device()
    if isinstance(device, str):
        device = torch.device(device)
    if isinstance(device, torch.device):
        if device.type != "tpu":
            raise ValueError(f"expected a tpu device, got {device}")
        idx = _C.current_device() if device.index is None else device.index
    else:
        idx = int(device)
    count = device_count()
    if not 0 <= idx < count:
        raise RuntimeError(
            f"tpu:{idx} does not exist: this process has {count} chip{'s' if count > 1 else ''} "
            f"(tpu:0{f'..tpu:{count - 1}' if count > 1 else ''}). A process sees the chips of "
            f"TPUDEV_TOPOLOGY (TPUDEV_TOPOLOGY=v5e:2x2: tpu:0..tpu:3), or under torchrun its host's "
            f"chips (--nproc-per-node N: tpu:0..tpu:N-1, one per process: "
            f"torch.tpu.set_device(local_rank)); otherwise one."
        )
    return idx


def is_available() -> bool:
    """Whether the device can start with this process's settings (it is started to find out);
    `unavailable_reason()` says why not."""
    return _C.start_problem() is None


def unavailable_reason() -> str | None:
    """Why the device cannot start (a tpudev setting that is wrong, a PJRT plugin that does not
    load), or None when it can. The same message is raised at each use of the device."""
    return _C.start_problem()


def is_initialized() -> bool:
    """Whether the device has started: it starts at its first use, not at `import torch`."""
    return _C.started()


def init() -> None:
    """Starts the device now, raising what stops it (it starts by itself at first use)."""
    _C.start()


def _is_in_bad_fork() -> bool:
    return False


def device_count() -> int:
    """The chips this process sees (known without starting the device)."""
    return _C.device_count()


def current_device() -> int:
    return _C.current_device()


def set_device(device) -> None:
    """Makes `device` this thread's current chip: where `torch.device("tpu")` tensors and
    factories go."""
    _C.set_device(_index(device))


def synchronize(device=None) -> None:
    """Waits for the work issued to chip `device` (None: every chip of the process)."""
    _C.synchronize(None if device is None else _index(device))


def manual_seed(seed: int) -> None:
    """Seeds the device generator (torch.manual_seed calls this too, so before the device has
    started the seed waits for it)."""
    seed = int(seed) & 0x7FFF_FFFF_FFFF_FFFF
    _lazy.when_started(lambda: _C.manual_seed(seed), key="manual_seed")


manual_seed_all = manual_seed


def seed() -> int:
    s = torch.initial_seed()
    manual_seed(s)
    return s


def get_rng_state(device=None) -> torch.Tensor:
    """The device generator's state as a CPU uint8 tensor (its seed and counter offset)."""
    seed, offset = _C.rng_state(_index(device))
    return torch.tensor([seed, offset], dtype=torch.int64).view(torch.uint8)


def set_rng_state(new_state: torch.Tensor, device=None) -> None:
    idx = _index(device)
    if new_state.dtype != torch.uint8 or new_state.numel() != 16:
        raise ValueError("expected a state from torch.tpu.get_rng_state(): 16 uint8 values")
    seed, offset = new_state.contiguous().view(torch.int64).tolist()
    _C.set_rng_state(seed, offset, idx)


def get_rng_state_all():
    return [get_rng_state(i) for i in range(device_count())]


def set_rng_state_all(states) -> None:
    for i, state in enumerate(states):
        set_rng_state(state, i)


def initial_seed() -> int:
    return _C.initial_seed()


def get_device_name(device=None) -> str:
    return _C.properties(_index(device))["name"]


def get_device_properties(device=None) -> TpuDeviceProperties:
    p = _C.properties(_index(device))
    return TpuDeviceProperties(
        p["name"], p["chip"], p["hbm_bytes"], p["tensorcores"], p["simulated"], p["backend"]
    )


def backend() -> str:
    """Which backend runs this process's programs: "sim" (the simulator) or "hw" (a PJRT
    plugin), as chosen by TPUDEV_BACKEND=sim|hw|auto."""
    return _C.properties()["backend"]


def memory_allocated(device=None) -> int:
    return _C.memory_stats(_index(device))["allocated_bytes"]


def max_memory_allocated(device=None) -> int:
    return _C.memory_stats(_index(device))["peak_allocated_bytes"]


def reset_peak_memory_stats(device=None) -> None:
    _C.reset_peak_memory(_index(device))


def mem_get_info(device=None):
    """(free, total) bytes of simulated HBM."""
    m = _C.memory_stats(_index(device))
    return m["capacity_bytes"] - m["allocated_bytes"], m["capacity_bytes"]


def memory_stats(device=None) -> dict:
    """The simulated HBM's figures: ``allocated_bytes``, ``peak_allocated_bytes`` and
    ``capacity_bytes``, plus the names CUDA's memory statistics use for them
    (``allocated_bytes.all.current``, ``.peak``, ``reserved_bytes.all.*``) so that code
    written for ``torch.cuda.memory_stats`` reads them."""
    m = dict(_C.memory_stats(_index(device)))
    for kind in ("allocated_bytes", "reserved_bytes", "active_bytes"):
        m[f"{kind}.all.current"] = m["allocated_bytes"]
        m[f"{kind}.all.peak"] = m["peak_allocated_bytes"]
    return m


# The device caches no memory: what is reserved is what is allocated.
def memory_reserved(device=None) -> int:
    return memory_allocated(device)


def max_memory_reserved(device=None) -> int:
    return max_memory_allocated(device)


memory_cached = memory_reserved
max_memory_cached = max_memory_reserved
reset_max_memory_allocated = reset_peak_memory_stats


def reset_accumulated_memory_stats(device=None) -> None:
    _index(device)


def empty_cache() -> None:
    """Nothing to release: device memory is freed when its tensors are (no caching
    allocator holds freed blocks)."""


def ipc_collect() -> None:
    """Nothing to collect: tpu tensors are not shared between processes."""


def memory_summary(device=None, abbreviated: bool = False) -> str:
    """A short table of the simulated HBM's use, in the spirit of torch.cuda.memory_summary."""
    m = memory_stats(device)
    mib = 1 << 20
    return (
        f"tpu:{_index(device)} ({get_device_name(device)}) memory\n"
        f"  allocated:      {m['allocated_bytes'] / mib:10.1f} MiB\n"
        f"  peak allocated: {m['peak_allocated_bytes'] / mib:10.1f} MiB\n"
        f"  capacity:       {m['capacity_bytes'] / mib:10.1f} MiB\n"
    )


def is_bf16_supported(including_emulation: bool = True) -> bool:
    return True


def can_device_access_peer(device, peer_device) -> bool:
    """Chips of a process reach each other over the ICI (`.to("tpu:1")` is a timed copy)."""
    return _index(device) != _index(peer_device)


def is_current_stream_capturing() -> bool:
    return False


_lazy_init = init
seed_all = seed
OutOfMemoryError = torch.OutOfMemoryError


def _not_on_tpu(name: str, why: str):
    def unsupported(*args, **kwargs):
        raise RuntimeError(f"torch.tpu.{name} is not available: {why}")

    unsupported.__name__ = name
    unsupported.__doc__ = f"Not available on the tpu device: {why}"
    return unsupported


get_device_capability = _not_on_tpu(
    "get_device_capability", "a TPU has no CUDA compute capability; torch.tpu.get_device_properties() "
    "names the chip (.chip, e.g. 'v5e')")
utilization = _not_on_tpu(
    "utilization", "the simulator reports time, not utilization; use torch.tpu.simulated_time() or "
    "torch_tpudev.profile(...) for per-op MFU")
memory_snapshot = _not_on_tpu(
    "memory_snapshot", "the device keeps no allocation history; torch.tpu.memory_stats() gives the figures")
set_per_process_memory_fraction = _not_on_tpu(
    "set_per_process_memory_fraction", "set the simulated HBM's size with TPUDEV_HBM_BYTES before the "
    "process starts")
graph = _not_on_tpu("graph", "CUDA graphs do not exist on a TPU; torch.compile(model) captures a whole "
                    "graph as one program")
CUDAGraph = graph


def sim_exec_stats() -> dict:
    """Where the simulator computes (``target``: "cpu" or "gpu", from ``TPUDEV_SIM_EXEC``), how
    (``tuning``: "fast" or "reference", from ``TPUDEV_SIM_TUNING``; ``simd``: the vector build of
    its loops) and, for the GPU path, the adapter, the programs and kernels it ran, and the ops
    that fell back to the CPU kernels (``fallbacks``: counts by op name). Results and simulated
    time are the same on all of them (within the GPU path's documented tolerances)."""
    return dict(_C.sim_exec_stats())


def runtime_stats() -> dict:
    """Counters of the eager runtime: ops executed one at a time, ops deferred, deferred
    programs run (flushes, and ``flushes_by_reason``: host read, host write, synchronize, mode
    switch, size limit, op runs alone, graph capture), programs compiled and compile-cache
    hits."""
    return dict(_C.stats())


def sync_points() -> list:
    """Every defer-and-fuse sync point that ran a program since the start (or
    `reset_sync_points()`), grouped by reason and by the line of user code that caused it, most
    frequent first: ``[{"reason": "host read", "where": "train.py:42", "count": 20}, ...]``.
    One inside a training step (a ``.item()``, a print) cuts the step's program in two."""
    return _sync_points.points()


def reset_sync_points() -> None:
    _sync_points.reset()


def graph_compilations() -> int:
    """Programs compiled so far for `torch.compile(backend="tpu")` graphs: one per graph and
    input shapes, or one per shape bucket for sizes marked dynamic
    (`torch._dynamo.mark_dynamic(t, dim, min=..., max=...)`; buckets are multiples of 128 up
    to the bound)."""
    from . import _compile

    return _compile.compilations()


def compilation_cache_stats() -> dict:
    """Counters of the three-tier compilation cache: hits per tier (``memory_hits``,
    ``shm_hits``, ``disk_hits``), ``misses``, ``stores``, ``invalid_dropped`` (corrupt entries
    dropped and recompiled), bytes read and written, nanoseconds spent looking up
    (``lookup_ns``), storing (``store_ns``) and lowering and optimizing what was not cached
    (``compile_ns``), and where tiers 2 and 3 live (``None`` when off). On the hardware
    backend the PJRT executables are cached too: ``executables_compiled`` by the plugin,
    ``executables_loaded`` from tiers 2 and 3 (``executable_shm_hits``,
    ``executable_disk_hits``), ``executable_misses``, ``executable_stores`` and the time spent
    compiling and loading them (``executable_compile_ns``, ``executable_load_ns``; zero on the
    simulator). A run also loads, in the background from its start, the executables the last
    run of the same command line needed (its working set; ``TPUDEV_WORKING_SET`` names the
    workload instead, ``off`` turns it off): ``executables_prefetched``, of which
    ``executables_prefetch_used`` were requested since, in ``executable_prefetch_ns``, and the
    time the program waited for one still loading (``executable_prefetch_wait_ns``). Configure it with ``TPUDEV_CACHE_DIR`` (or
    ``TORCH_TPU_TIER3_COMPILATION_CACHE_ROOT``), ``TPUDEV_CACHE_SHM_DIR`` and
    ``TPUDEV_CACHE=off``; see docs/architecture.md."""
    return dict(_C.cache_stats())


def get_amp_supported_dtype():
    return [torch.bfloat16, torch.float16, torch.float32]


def _get_eager_mode() -> EagerMode:
    return EagerMode(_C.eager_mode())


def _set_eager_mode_now(mode) -> None:
    mode = EagerMode(mode) if not isinstance(mode, EagerMode) else mode
    _C.set_eager_mode(mode.value)


@contextlib.contextmanager
def set_eager_mode(mode):
    """Context manager: run the block in `mode`, then restore the previous mode."""
    previous = _get_eager_mode()
    _set_eager_mode_now(mode)
    try:
        yield
    finally:
        _set_eager_mode_now(previous)


class _TpuModule(types.ModuleType):
    """Gives `torch.tpu.eager_mode` and `torch.tpu.allow_excess_precision` setters, as
    TorchTPU's module does."""

    def __reduce__(self):
        # Pickled by name, as plain modules are: Ray and multiprocessing pickle functions
        # that use `torch.tpu` by value.
        return importlib.import_module, (self.__name__,)

    @property
    def eager_mode(self):
        return _get_eager_mode()

    @eager_mode.setter
    def eager_mode(self, mode):
        _set_eager_mode_now(mode)

    @property
    def allow_excess_precision(self) -> bool:
        """XLA's `--allow_excess_precision` for programs compiled from now on: a value rounded
        to bf16/f16 and widened straight back may keep its wider value. Programs are cached
        per setting, so changing it recompiles."""
        return _C.allow_excess_precision()

    @allow_excess_precision.setter
    def allow_excess_precision(self, allow):
        _C.set_allow_excess_precision(bool(allow))


def simulated_cycles(device=None) -> int:
    """The chip's simulated clock (`device`, default the current chip): cycles of the chip's
    clock since it was created. Every program run on the chip and every host transfer
    advances it; it never depends on the wall clock, so the same code gives the same count
    every run."""
    return _C.sim_time(None if device is None else _index(device))[0]


def simulated_time(device=None) -> float:
    """The simulated clock in seconds (`simulated_cycles()` over the chip's clock rate)."""
    cycles, hz = _C.sim_time(None if device is None else _index(device))
    return cycles / hz


class Event(torch.Event):
    """`torch.cuda.Event` on the simulated clock. `record()` takes the device's simulated time;
    `elapsed_time(end)` is the simulated time between two recorded events, in milliseconds.
    Execution is synchronous, so `query()` is always True and `synchronize()` returns at
    once. Streams are accepted and ignored (each chip has one). It is a `torch.Event` on the
    current chip, so streams accept it (`Stream.wait_event`), and times that chip's clock."""

    def __new__(cls, enable_timing: bool = False, blocking: bool = False, interprocess: bool = False):
        return super().__new__(cls, device=torch.device("tpu", _C.current_device()), enable_timing=enable_timing,
                               blocking=blocking, interprocess=interprocess)

    def __init__(self, enable_timing: bool = False, blocking: bool = False, interprocess: bool = False):
        self.enable_timing = bool(enable_timing)
        self.blocking = bool(blocking)
        self.interprocess = bool(interprocess)
        self._recorded = False
        self._cycles = None
        self._clock_hz = None

    def record(self, stream=None) -> None:
        self._recorded = True
        # Only timing events read the clock, which exists on the simulator alone: on hardware
        # an event still orders streams (FSDP2 records many), and `elapsed_time` says why it
        # has no time to give.
        if self.enable_timing and backend() == "sim":
            self._cycles, self._clock_hz = _C.sim_time(self.device.index)

    def wait(self, stream=None) -> None:
        pass

    def query(self) -> bool:
        return True

    def synchronize(self) -> None:
        pass

    def elapsed_time(self, end_event) -> float:
        if not (self.enable_timing and end_event.enable_timing):
            raise RuntimeError("Both events must be created with argument 'enable_timing=True'.")
        if not (self._recorded and end_event._recorded):
            raise RuntimeError("Both events must be recorded before calculating elapsed time.")
        if self._cycles is None or end_event._cycles is None:
            _C.sim_time()  # raises: simulated time is a service of the simulator
        return (end_event._cycles - self._cycles) / self._clock_hz * 1e3

    def __repr__(self) -> str:
        state = "unrecorded" if not self._recorded else "recorded" if self._cycles is None else f"cycle {self._cycles}"
        return f"torch.tpu.Event({state})"


class Stream(torch.Stream):
    """A stream on the tpu device. The device runs ops synchronously, in issue order, so every
    stream is the one default stream: waits and events between streams are already satisfied.
    It exists so that code written for streams (FSDP2's prefetching, `torch.Stream` users)
    runs unchanged."""

    def __new__(cls, device=None, priority: int = 0, **kwargs):
        return super().__new__(cls, device=torch.device("tpu", _index(device)), priority=priority)


class device:
    """Context manager that makes a chip current inside the block: `with torch.tpu.device(1):
    ...`; `None` and -1 select nothing, as `torch.cuda.device` allows."""

    def __init__(self, device):
        selects = device is not None and not (isinstance(device, int) and device == -1)
        self.idx = _index(device) if selects else -1
        self.prev = -1

    def __enter__(self):
        if self.idx >= 0:
            self.prev = _C.current_device()
            _C.set_device(self.idx)
        return self

    def __exit__(self, *exc):
        if self.prev >= 0:
            _C.set_device(self.prev)
        return False


class device_of(device):
    """`torch.tpu.device` of a tensor's device (a non-tpu tensor selects nothing)."""

    def __init__(self, obj):
        super().__init__(obj.device if obj.device.type == "tpu" else None)


class StreamContext:
    """Context manager that selects a stream; the device runs every op in issue order on its
    one stream, so it only checks the stream's device."""

    def __init__(self, stream):
        self.stream = stream

    def __enter__(self):
        return self.stream

    def __exit__(self, *exc):
        return False


def current_stream(device=None) -> Stream:
    return Stream(device)


default_stream = current_stream


def set_stream(stream) -> None:
    pass


def stream(stream) -> StreamContext:
    """`with torch.tpu.stream(s):` — ops run in issue order on the one stream anyway."""
    return StreamContext(stream)


def is_timing_only() -> bool:
    return _C.timing_only()


def set_timing_only(enabled: bool = True) -> None:
    """Timing-only mode: programs advance the simulated clock but compute nothing (results hold
    whatever their buffers held). Also `TPUDEV_TIMING_ONLY=1`."""
    _C.set_timing_only(bool(enabled))


@contextlib.contextmanager
def timing_only(enabled: bool = True):
    """Context manager: timing-only mode inside the block, then the previous setting."""
    previous = is_timing_only()
    set_timing_only(enabled)
    try:
        yield
    finally:
        set_timing_only(previous)


def get_precision() -> Precision:
    """The precision f32 matmuls and convolutions run at now (see torch.tpu.precision)."""
    return _precision.current()


def set_nan_check(enabled: bool = True) -> None:
    """In debug eager mode (DEFER_NEVER_AND_LAUNCH_BLOCKING), check every op's float results
    for NaN and Inf and raise at the first op that produces one, naming it; the traceback
    shows the Python code that called it. The result tensors of that op are not returned
    (an out= or in-place destination keeps the values written). Also `TPUDEV_NAN_CHECK=1`."""
    _C.set_nan_check(bool(enabled))


def get_nan_check() -> bool:
    return _C.nan_check()


def _install():
    sys.modules[__name__].__class__ = _TpuModule
    # The start-up eager mode (TORCH_TPU_LAUNCH_BLOCKING, TORCH_TPU_DEFER_AND_FUSE) and
    # TPUDEV_NAN_CHECK are read as the device starts, with its other settings.
    _precision.install()
