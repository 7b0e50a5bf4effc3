"""One rule for every engine object that holds C memory or per-object
scratch state (a Boggle trie's per-board marks, a fill search, an XCC
search, a move generator, a lexicon's nodes): who may call it when, and
what ``close()`` does while a call is running.

``Guard(what)`` is entered around every call into the engine:

- a second thread that enters while a call of another thread is inside
  raises ``HandleBusy`` naming ``what`` ("this Boggle trie is in use by
  another thread"), instead of sharing the scratch state and giving wrong
  answers; ``Guard(what, shared=True)`` lets calls run side by side, for
  engines whose calls only read the object (a lexicon's queries);
- a call after ``close()`` raises ``closed_error`` (default ``SolverError``:
  "... has been closed").

``close()`` never frees memory under a running call: the engine objects
drop their reference to the C handle instead of releasing it, and the
call that is running holds its own reference (the argument it passed), so
cffi frees the handle when that call returns.  ``close()`` itself returns
at once, from any thread.
"""

from __future__ import annotations

# _thread is built in: threading (and functools) would bring collections,
# weakref sets and more into every command's start, `dlxc count` included
from _thread import allocate_lock

TYPE_CHECKING = False  # typing is not imported at run time: `dlxc count` stays lean
if TYPE_CHECKING:
    from typing import Any, Callable, Optional, TypeVar

    _R = TypeVar("_R")


class Guard:
    """Calls into one engine object: ``with guard:`` around each."""

    __slots__ = ("what", "shared", "closed_error", "closed", "_lock", "_users")

    def __init__(
        self, what: str, *, shared: bool = False, closed_error: Optional[type] = None
    ) -> None:
        self.what = what
        self.shared = shared
        self.closed_error = closed_error
        self.closed = False
        self._lock = allocate_lock()
        self._users = 0

    def __enter__(self) -> None:
        with self._lock:
            if self.closed:
                raise self._closed_error()(f"{self.what} has been closed")
            if self._users and not self.shared:
                from .errors import HandleBusy  # here: `dlxc count` does not pay for errors

                raise HandleBusy(
                    f"{self.what} is in use by another thread; "
                    "give each thread its own (calls of one object do not run side by side)"
                )
            self._users += 1

    def _closed_error(self) -> type:
        if self.closed_error is not None:
            return self.closed_error
        from .errors import SolverError

        return SolverError

    def __exit__(self, *exc: object) -> None:
        with self._lock:
            self._users -= 1

    @property
    def busy(self) -> bool:
        """Whether a call is inside the engine now."""
        return self._users > 0

    def close(self) -> bool:
        """Refuse every later call; True the first time (the caller then
        drops its handle)."""
        with self._lock:
            first = not self.closed
            self.closed = True
            return first


def guarded(method: Callable[..., _R]) -> Callable[..., _R]:
    """A method run under its object's ``_guard`` (a ``Guard``)."""

    def call(self: Any, *args: Any, **kwargs: Any) -> _R:
        with self._guard:
            return method(self, *args, **kwargs)

    # what functools.wraps copies, without importing functools
    call.__name__, call.__qualname__ = method.__name__, method.__qualname__
    call.__doc__, call.__module__ = method.__doc__, method.__module__
    call.__wrapped__ = method  # type: ignore[attr-defined]
    return call
