"""The audit's analysis on a Dask distributed cluster: shards as tasks, records back to the
driver.

The driver streams the inputs, cuts them into the runner's shards (shard ``k`` = input
records ``k * size`` to ``(k + 1) * size - 1``) and keeps a bounded number of shard tasks in
flight, so its memory does not grow with the corpus. Each worker loads the audit pipeline
once (cached on the worker, keyed by the settings) and runs ``analysis.process_items`` on the
shards it is given. The driver takes the results back in shard order and writes them
(``shards.ShardStore``): a resumed run skips finished shards whoever analysed them, and the
records equal a single-process run's.

dask and distributed are optional (the ``audit`` extra) and imported here only.
"""

from collections import deque
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from itertools import groupby
from uuid import uuid4

from .._compat import has_dask, require
from .analysis import audit_pipeline, process_items
from .inputs import InputItem

LOCAL_PREFIX = "local:"
# Seconds to reach a scheduler, and to wait for its first worker.
CONNECT_TIMEOUT = 10
# Shard tasks in flight per worker: one running, one queued, so that a worker never waits
# for the driver to send it work.
TASKS_PER_WORKER = 2
_PIPELINES = "_genderfair_audit_pipelines"  # the worker attribute caching loaded pipelines


class ClusterError(ValueError):
    """The Dask cluster cannot be used (a malformed or unreachable address, no workers); the
    message is one line."""


@dataclass(frozen=True)
class PipelineSettings:
    """What a worker needs to build the driver's audit pipeline (``analysis.audit_pipeline``);
    also the key of the worker's pipeline cache.

    lang (str): language profile.
    model (str | None): trained pipeline; None takes the profile's default.
    blank (bool): no trained pipeline: lexicon-level columns only.
    parsed_input_only (bool): every input is a DocBin of parsed docs.
    max_length (int): the driver's ``nlp.max_length``, which decides where a long text is
        cut into pieces (a worker's environment may set another).
    """

    lang: str
    model: str | None
    blank: bool
    parsed_input_only: bool
    max_length: int


@dataclass(frozen=True)
class Cluster:
    """A connected cluster: the Dask ``Client`` and what the manifest records of it."""

    client: object
    address: str
    workers: int

    def to_dict(self) -> dict:
        return {"address": self.address, "workers": self.workers}


@contextmanager
def connect(address: str, *, timeout: float | None = None) -> Iterator[Cluster]:
    """Connect to the Dask cluster at ``address``, closed (and a local one shut down) on
    exit.

    address (str): a scheduler address (``tcp://10.0.0.5:8786``), or ``local:N`` to start a
        LocalCluster of N worker processes, one thread each, on this machine.
    timeout (float | None): seconds to reach the scheduler and wait for its first worker.
        Defaults to ``CONNECT_TIMEOUT`` (10).
    RAISES (ClusterError): a malformed or unreachable address, or a cluster without workers.
    """
    require("dask", has_dask, "genderfair audit --dask")
    from distributed import Client, LocalCluster

    timeout = timeout or CONNECT_TIMEOUT
    n_local = _local_workers(address)
    local = None
    if n_local is not None:
        try:
            local = LocalCluster(n_workers=n_local, threads_per_worker=1, processes=True,
                                 dashboard_address=None)
        except (OSError, RuntimeError) as err:  # RuntimeError: a worker process did not start
            raise ClusterError(f"Cannot start a local Dask cluster of {n_local} workers: "
                               f"{_one_line(err)}.") from None
        client = Client(local)
    else:
        try:
            client = Client(address, timeout=timeout)
        except (OSError, TimeoutError) as err:
            raise ClusterError(f"Cannot reach the Dask scheduler at {address}: "
                               f"{_one_line(err)}. Start it (dask scheduler) or give another "
                               "--dask address.") from None
    try:
        try:
            client.wait_for_workers(1, timeout=timeout)
        except TimeoutError:
            raise ClusterError(f"The Dask scheduler at {address} has no workers after "
                               f"{timeout:g} s: start some (dask worker {address}).") from None
        yield Cluster(client, client.scheduler.address if local else address,
                      len(client.scheduler_info()["workers"]))
    finally:
        client.close()
        if local is not None:
            local.close()


def analyse_shards(cluster: Cluster, items: Iterable[InputItem], settings: PipelineSettings,
                   *, shard_size: int, batch_size: int | None = None,
                   max_in_flight: int | None = None) -> Iterator[tuple[int, list[dict]]]:
    """``(shard number, records)`` for the shards of ``items``, in shard order, analysed on
    the cluster's workers.

    cluster (Cluster): the connected cluster (``connect``).
    items (Iterable[InputItem]): the input items to analyse, in ``seq`` order (the items of
        finished shards already left out).
    settings (PipelineSettings): the pipeline each worker loads once.
    shard_size (int): records per shard.
    batch_size (int | None): texts per ``nlp.pipe`` batch. Defaults to spaCy's.
    max_in_flight (int | None): shard tasks submitted and not yet returned. Defaults to
        ``TASKS_PER_WORKER`` per worker.
    """
    limit = max_in_flight or TASKS_PER_WORKER * max(cluster.workers, 1)
    # Task keys are unique per run: two drivers may share a cluster, and a key already on
    # the scheduler would hand back that task's result.
    run = uuid4().hex[:12]
    in_flight: deque = deque()
    try:
        for number, shard in groupby(items, key=lambda item: item.seq // shard_size):
            if len(in_flight) >= limit:
                yield _result(in_flight.popleft())
            payload = [_portable(item) for item in shard]
            future = cluster.client.submit(_analyse_shard, settings, payload, batch_size,
                                           key=f"genderfair-audit-{run}-shard-{number}")
            in_flight.append((number, future))
        while in_flight:
            yield _result(in_flight.popleft())
    finally:
        for _, future in in_flight:  # an error or an interruption: nothing left running
            future.cancel()


def warm_up(cluster: Cluster, settings: PipelineSettings) -> None:
    """Load the pipeline on every worker now (a benchmark times the analysis only)."""
    cluster.client.run(_warm_up, settings)


def _result(entry: tuple) -> tuple[int, list[dict]]:
    from distributed import KilledWorker

    number, future = entry
    try:
        return number, future.result()
    except KilledWorker as err:
        raise ClusterError(f"Dask workers died running shard {number} ({_one_line(err)}): "
                           "short of memory? Give a smaller --shard-size and run again to "
                           "resume.") from None


def _portable(item: InputItem) -> tuple[InputItem, bytes | None]:
    """An item as it travels to a worker: a parsed Doc as bytes, to be read into the
    worker's vocab (the driver's vocab stays on the driver)."""
    if item.doc is None:
        return item, None
    return replace(item, doc=None), item.doc.to_bytes()


def _analyse_shard(settings: PipelineSettings, payload: list,
                   batch_size: int | None) -> list[dict]:
    """The task: one shard's records, on a worker."""
    from distributed import get_worker
    from spacy.tokens import Doc

    nlp = _worker_pipeline(get_worker(), settings)
    items = [item if doc_bytes is None else
             replace(item, doc=Doc(nlp.vocab).from_bytes(doc_bytes))
             for item, doc_bytes in payload]
    return process_items(nlp, items, actor_level=not settings.blank, batch_size=batch_size)


def _warm_up(settings: PipelineSettings, dask_worker=None) -> None:
    _worker_pipeline(dask_worker, settings)


def _worker_pipeline(worker, settings: PipelineSettings):
    """The worker's pipeline for ``settings``, loaded at its first shard and kept."""
    cache = getattr(worker, _PIPELINES, None)
    if cache is None:
        cache = {}
        setattr(worker, _PIPELINES, cache)
    if settings not in cache:
        nlp = audit_pipeline(settings.lang, model=settings.model, blank=settings.blank,
                             parsed_input_only=settings.parsed_input_only)
        nlp.max_length = settings.max_length
        cache[settings] = nlp
    return cache[settings]


def _local_workers(address: str) -> int | None:
    """N of ``local:N``; None for a scheduler address."""
    if not address.startswith(LOCAL_PREFIX):
        return None
    count = address[len(LOCAL_PREFIX):]
    if not count.isdigit() or int(count) < 1:
        raise ClusterError(f"--dask {address}: 'local:N' takes a number of workers N >= 1 "
                           "(local:2), else give a scheduler address (tcp://host:8786).")
    return int(count)


def _one_line(err: BaseException) -> str:
    lines = str(err).strip().splitlines()
    return lines[0].rstrip(".") if lines else type(err).__name__


__all__ = ["Cluster", "ClusterError", "PipelineSettings", "analyse_shards", "connect",
           "warm_up"]
