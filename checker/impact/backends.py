"""Where the simulations run: in this process, in local worker processes (`--workers`), or on a
Dask cluster (`--backend dask`; a local cluster when no scheduler address is given). Every backend
maps one picklable function over chunks of seeds and returns the results in chunk order, so the
numbers do not depend on where they were computed."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

BACKENDS = ("local", "dask")


class BackendError(RuntimeError):
    """The chosen backend cannot run (not installed, scheduler unreachable)."""


def map_chunks(fn: Callable[[Any], Any], chunks: Sequence[Any], *, backend: str = "local", workers: int = 1,
               progress: Callable[[int], None] | None = None, address: str | None = None,
               client: Any = None) -> list[Any]:
    """[fn(c) for c in chunks], computed by `backend`. `progress(i)` after each finished chunk."""
    if backend == "local":
        return _local(fn, chunks, workers, progress)
    if backend == "dask":
        return _dask(fn, chunks, workers, progress, address, client)
    raise BackendError(f"backend {backend!r}: expected one of {', '.join(BACKENDS)}")


def _local(fn: Callable[[Any], Any], chunks: Sequence[Any], workers: int,
           progress: Callable[[int], None] | None) -> list[Any]:
    workers = workers if workers > 0 else (os.cpu_count() or 1)
    if workers == 1 or len(chunks) <= 1:
        out = []
        for i, c in enumerate(chunks):
            out.append(fn(c))
            if progress:
                progress(i)
        return out
    with ProcessPoolExecutor(max_workers=min(workers, len(chunks))) as pool:
        out = []
        for i, r in enumerate(pool.map(fn, chunks)):
            out.append(r)
            if progress:
                progress(i)
        return out


def _dask(fn: Callable[[Any], Any], chunks: Sequence[Any], workers: int,
          progress: Callable[[int], None] | None, address: str | None, client: Any) -> list[Any]:
    try:
        from dask.distributed import Client, LocalCluster  # optional: only the dask backend needs it
    except ImportError as exc:  # pragma: no cover - dask is a test dependency
        raise BackendError("backend dask: dask[distributed] is not installed (pip install 'dask[distributed]')") from exc
    own_client = client is None
    cluster = None
    try:
        if client is None:
            if address:
                client = Client(address, timeout="20s")
            else:
                cluster = LocalCluster(n_workers=max(1, workers), threads_per_worker=1, processes=workers > 1,
                                       dashboard_address=None)
                client = Client(cluster)
        futures = client.map(fn, list(chunks), pure=False)
        out = []
        for i, f in enumerate(futures):
            out.append(f.result())
            if progress:
                progress(i)
        return out
    except OSError as exc:
        raise BackendError(f"backend dask: cannot reach the scheduler {address or '(local)'}: {exc}") from exc
    finally:
        if own_client and client is not None:
            client.close()
        if cluster is not None:
            cluster.close()
