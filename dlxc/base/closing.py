"""``with`` support for the objects that hold an engine, worker processes or
a progress bar and free them in ``close()``."""

from __future__ import annotations

from typing import TypeVar

_T = TypeVar("_T", bound="Closing")


class Closing:
    """A base class: ``with obj:`` calls ``obj.close()`` at the end of the
    block, however it ends.  Subclasses define ``close()``, which must be
    safe to call more than once."""

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self: _T) -> _T:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
