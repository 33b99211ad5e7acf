"""The meeting every collective begins with, through the process group's store.

Each rank posts what it is about to do (the collective, dtypes and shapes) and its simulated
clock, then waits for the others' posts. Then:

- every rank compares the posts, so ranks that issue different collectives (another op, shape,
  dtype or order) all raise the same clear error instead of hanging in the transport;
- every rank starts the collective at the latest clock posted, so simulated time agrees
  across ranks;
- a rank that never posts is named when the wait times out, and a rank that died of a Python
  exception has posted its error, which the others raise at once.
"""

import os
import sys
import threading
import time
import traceback
import weakref
from datetime import timedelta

ENV_TIMEOUT = "TPUDEV_COLLECTIVE_TIMEOUT_S"
DEFAULT_TIMEOUT_S = 300.0
_POLL_S = 0.5
_FAILURES = "tpudev/failures"


class CollectiveMismatchError(RuntimeError):
    """Ranks of a group issued different collectives at the same point."""


class PeerFailedError(RuntimeError):
    """Another rank of the group died or did not reach the collective in time."""


def timeout_s(group_timeout: timedelta | None) -> float:
    """`TPUDEV_COLLECTIVE_TIMEOUT_S`, else the smaller of the group's timeout and 300 s."""
    raw = os.environ.get(ENV_TIMEOUT, "").strip()
    if raw:
        try:
            value = float(raw)
        except ValueError:
            raise ValueError(f"{ENV_TIMEOUT}='{raw}' is not a number of seconds") from None
        if value <= 0:
            raise ValueError(f"{ENV_TIMEOUT}='{raw}' must be positive")
        return value
    if group_timeout is None:
        return DEFAULT_TIMEOUT_S
    return min(group_timeout.total_seconds(), DEFAULT_TIMEOUT_S)


def _is_timeout(e: Exception) -> bool:
    return "timeout" in str(e).lower() or "timed out" in str(e).lower()


class Handshake:
    """The meetings of one process group. `ranks` are the group's global ranks, in group
    order; `rank` is this process's place in the group."""

    def __init__(self, store, rank: int, ranks: list, timeout: float):
        self.store, self.rank, self.ranks, self.timeout = store, rank, list(ranks), timeout
        self.seq = 0
        self._p2p = {}
        _live.add(self)

    def meet(self, what: str, clock: int) -> int:
        """Posts `what` (the collective's description) and `clock`; returns the start clock
        (the latest posted) once every rank of the group has posted the same `what`."""
        self.seq += 1
        prefix = f"tpudev/c/{self.seq}/"
        clocks, whats = self._exchange(prefix, range(len(self.ranks)), clock, what, f"collective #{self.seq} ({what})")
        if len(set(whats)) > 1:
            calls = "; ".join(f"rank {self.ranks[i]} called {w}" for i, w in enumerate(whats))
            raise CollectiveMismatchError(
                f"collective #{self.seq} of process group {self.ranks} does not match across ranks: {calls}. "
                f"Every rank of a group must issue the same collectives, in the same order, with the same "
                f"dtypes and shapes."
            )
        self._forget(f"tpudev/c/{self.seq - 1}/")
        return max(clocks)

    def meet_peer(self, peer: int, what: str, clock: int) -> int:
        """The meeting of a send or receive with its peer (a place in the group): both post
        their tensors (`what`) and clocks; the transfer starts at the later clock."""
        n = self._p2p.get(peer, 0) + 1
        self._p2p[peer] = n
        lo, hi = sorted((self.rank, peer))
        prefix = f"tpudev/p2p/{lo}-{hi}/{n}/"
        describe = f"{what} #{n} between ranks {self.ranks[lo]} and {self.ranks[hi]}"
        clocks, whats = self._exchange(prefix, (lo, hi), clock, what, describe)
        self._forget(f"tpudev/p2p/{lo}-{hi}/{n - 1}/")
        if whats[0] != whats[1]:
            raise CollectiveMismatchError(
                f"send/recv #{n} between ranks {self.ranks[lo]} and {self.ranks[hi]} does not match: rank "
                f"{self.ranks[lo]} has {whats[0]}, rank {self.ranks[hi]} has {whats[1]}. A send and its recv "
                f"need tensors of the same dtypes and shapes."
            )
        return max(clocks)

    def _exchange(self, prefix: str, places, clock: int, what: str, describe: str):
        """Posts this rank's clock and `what` under `prefix`; returns every place's clocks
        and whats, in `places` order, once all have posted."""
        places = list(places)
        self.store.set(f"{prefix}{self.rank}", f"{clock} {what}")
        keys = [f"{prefix}{i}" for i in places]
        self._wait(keys, places, describe)
        posts = [v.decode().split(" ", 1) for v in self.store.multi_get(keys)]
        return [int(c) for c, _ in posts], [w for _, w in posts]

    def _wait(self, keys, places, describe: str) -> None:
        deadline = time.monotonic() + self.timeout
        while True:
            left = deadline - time.monotonic()
            try:
                self.store.wait(keys, timedelta(seconds=max(min(_POLL_S, left), 0.01)))
                return
            except Exception as e:  # the store raises DistStoreError or RuntimeError on timeout
                if not _is_timeout(e):
                    raise PeerFailedError(
                        f"{describe}: the rendezvous store stopped answering ({e}). The process that "
                        f"hosts it (the launcher, or rank 0 without one) has probably exited."
                    ) from None
            self._raise_if_peer_failed(describe)
            if time.monotonic() >= deadline:
                missing = [self.ranks[i] for i, k in zip(places, keys) if not self.store.check([k])]
                raise PeerFailedError(
                    f"{describe}: rank(s) {missing} did not reach it within {self.timeout:.0f} s. They died, "
                    f"hang, or issued a different sequence of collectives than this rank. "
                    f"({ENV_TIMEOUT} sets this timeout.)"
                )

    def _raise_if_peer_failed(self, describe: str) -> None:
        if self.store.add(_FAILURES, 0) == 0:
            return
        reports = []
        for r in self.ranks:
            key = f"tpudev/failed/{r}"
            if r != self.ranks[self.rank] and self.store.check([key]):
                reports.append(f"rank {r} failed: {self.store.get(key).decode().strip()}")
        if reports:
            raise PeerFailedError(f"{describe} cannot complete: " + "; ".join(reports))

    def _forget(self, prefix: str) -> None:
        # Every rank has posted this collective, so all have read the previous one's posts.
        try:
            self.store.delete_key(f"{prefix}{self.rank}")
        except Exception:
            pass

    def report_failure(self, text: str) -> None:
        """Tells the group this rank is dying of `text` (best effort)."""
        try:
            self.store.set(f"tpudev/failed/{self.ranks[self.rank]}", text)
            self.store.add(_FAILURES, 1)
        except Exception:
            pass


_live = weakref.WeakSet()
_hooked = False


def install_failure_reporting() -> None:
    """Makes an uncaught exception in this process tell every group it belongs to, before
    the process dies, so the other ranks fail at once with its message. Idempotent."""
    global _hooked
    if _hooked:
        return
    _hooked = True
    previous_hook, previous_thread_hook = sys.excepthook, threading.excepthook

    def report(exc_type, exc, tb):
        if exc_type is not KeyboardInterrupt:
            text = "".join(traceback.format_exception_only(exc_type, exc)).strip()
            for h in list(_live):
                h.report_failure(text)

    def excepthook(exc_type, exc, tb):
        report(exc_type, exc, tb)
        previous_hook(exc_type, exc, tb)

    def thread_excepthook(args):
        report(args.exc_type, args.exc_value, args.exc_traceback)
        previous_thread_hook(args)

    sys.excepthook, threading.excepthook = excepthook, thread_excepthook
