"""The way onto a Dask cluster, for every engine that hands out work there.

``connect(scheduler, what)`` imports Dask distributed (an optional extra:
``pip install 'dlxc[dask]'``; without it, ``BackendUnavailable`` says how to
get it), probes the scheduler's address, and opens a client; used as a
context manager it gives ``(distributed, client)``, makes the client the
current one (``distributed.wait`` and ``as_completed`` look for it) and
closes it at the end.  An existing ``client`` can be passed instead of an
address; it is then used as it is and left open.

The probe is there because Dask's client retries a refused connection for
its whole connect timeout (30 s by default) before it says so: when nothing
listens at the address, dlxc fails at once with a message that says why.

This module is named ``cluster``, not ``dask``, so that ``import dask``
stays unambiguous.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Optional

from .errors import BackendUnavailable, SchedulerAddressError

PROBE_SECONDS = 3.0  # a scheduler that does not accept a TCP connection by then is not there


def import_distributed(what: str):
    """The ``distributed`` module; ``BackendUnavailable`` when it is not
    installed (``what`` is the work that needs it: "counting")."""
    try:
        import distributed
    except ImportError as exc:
        raise BackendUnavailable(
            f"{what} on a Dask cluster needs Dask distributed ({exc}); "
            "install it with: pip install 'dlxc[dask]'"
        ) from None
    return distributed


def probe_scheduler(distributed, scheduler: str, seconds: float = PROBE_SECONDS) -> None:
    """Fail at once, with a message that says why, when nothing listens at
    the scheduler's address.  Only addresses over TCP (tcp, tls, ws, wss)
    are probed."""
    import socket

    try:
        scheme, location = distributed.comm.parse_address(scheduler)
        host, port = distributed.comm.parse_host_port(location)
        # a scheme Dask has no transport for, or a port no socket has, is
        # refused here: the client would wait out its timeouts (a minute
        # when it is closed) and then print a traceback
        distributed.comm.registry.get_backend(scheme)
        if isinstance(port, int) and not 0 < port < 65536:
            raise ValueError(f"port {port} is not from 1 to 65535")
    except (ValueError, TypeError) as exc:
        raise SchedulerAddressError(
            f"{scheduler!r} is not a Dask scheduler address such as tcp://HOST:8786 ({exc})"
        ) from None
    if scheme not in ("tcp", "tls", "ws", "wss"):
        return
    try:
        with socket.create_connection((host, port), timeout=seconds):
            pass
    except ConnectionRefusedError:
        why = "connection refused: no scheduler listens there (start one with `dask scheduler`)"
    except socket.timeout:
        why = f"no answer within {seconds:g} s"
    except OSError as exc:  # unknown host, unreachable network, ...
        why = exc.strerror or str(exc)
    else:
        return
    raise BackendUnavailable(f"cannot reach the Dask scheduler at {scheduler!r}: {why}")


@contextmanager
def connect(
    scheduler: Optional[str],
    what: str,
    *,
    client: Any = None,
    connect_timeout: float = 10,
) -> Iterator[tuple[Any, Any]]:
    """``(distributed, client)`` for a block of work on the cluster at
    ``scheduler`` (an address like ``tcp://HOST:8786``), or on ``client``."""
    distributed = import_distributed(what)
    own = client is None
    if own:
        if scheduler is None:
            raise ValueError("name a Dask scheduler (tcp://HOST:8786) or pass a client")
        probe_scheduler(distributed, scheduler)
        try:
            client = distributed.Client(scheduler, timeout=connect_timeout, set_as_default=False)
        except Exception as exc:  # a timeout, or garbage from something that is no scheduler
            raise BackendUnavailable(
                f"cannot reach the Dask scheduler at {scheduler!r}: {type(exc).__name__}: {exc}"
            ) from None
    try:
        with client.as_current():
            yield distributed, client
    finally:
        if own:
            client.close()
