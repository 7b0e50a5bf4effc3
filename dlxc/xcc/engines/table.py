"""What each XCC engine can do, and which classes are it: the one table.

An engine is a strategy of search over the same problems, with one C handle
class (in dlxc/xcc/_cbackend.py) and one pure-Python mirror class (in this
package, a module named after the strategy) of the same shape.  The
services differ in what they ask of an engine: a split (``--jobs``, Dask)
replays DLX2's tree from the paths of its first levels, a memo table, a
uniform sample and an estimate's random probes are DLX2's algorithms, and a
seed breaks ties at random in DLX2's choice of item.  Whoever must know
whether an engine can do one of these reads it here (``pick_strategy`` and
``make_solver``, the count's check of a split, the refusals of the engines
that cannot), so adding an engine or a feature is one line of this table.

Nothing is imported here but where an engine is refused: `dlxc count FILE`
passes through on its short way, where a millisecond of imports is a tenth
of a small count.
"""

from __future__ import annotations

#: what an engine may be asked to do, and its words in an error message
CAPABILITIES = {
    "split": "splitting into subtrees",
    "memo": "memo tables",
    "sample": "uniform samples",
    "estimate": "random probes",
    "seed": "random tie-breaking",
}


class Engine:
    """One row of the table: a strategy's name, its classes (the C handle
    in dlxc.xcc._cbackend, the mirror in dlxc.xcc.engines.<name>) and what
    it can do."""

    __slots__ = ("name", "c_class", "mirror_class", "tree", "can")

    def __init__(
        self, name: str, c_class: str, mirror_class: str, tree: str, can: frozenset
    ) -> None:
        self.name = name
        self.c_class = c_class
        self.mirror_class = mirror_class
        self.tree = tree  # whose search tree (and statistics) it walks
        self.can = can

    def __repr__(self) -> str:
        return f"Engine({self.name!r}, can={sorted(self.can)})"


ENGINES = {
    "dlx2": Engine("dlx2", "Dlx2C", "Dlx2Mirror", "dlx2", frozenset(CAPABILITIES)),
    "ssxcc": Engine("ssxcc", "SsxccC", "SsxccMirror", "ssxcc", frozenset({"split"})),
    "bits": Engine("bits", "BitsC", "BitsMirror", "dlx2", frozenset({"split"})),
    # items with multiplicities: every problem with bounds, and only those; dlx3 walks
    # DLX3's tree over dancing links with its statistics, mcc the same tree less the levels
    # whose one branch is the null move of an empty item, over bitsets where the problem
    # is small enough (its updates are the options committed)
    "mcc": Engine("mcc", "MccC", "MccMirror", "mcc", frozenset({"split", "estimate"})),
    "dlx3": Engine("dlx3", "Dlx3C", "Dlx3Mirror", "dlx3", frozenset({"split", "estimate"})),
}
#: the engines of problems with multiplicities
MCC_ENGINES = ("mcc", "dlx3")
STRATEGIES = tuple(ENGINES)


def engine(strategy: str) -> Engine:
    """The row of ``strategy``; ``EngineRefused`` (a ValueError) for a name
    that is none."""
    try:
        return ENGINES[strategy]
    except KeyError:
        from ...base.errors import EngineRefused

        raise EngineRefused(
            f"unknown strategy {strategy!r}; choose one of auto, {', '.join(STRATEGIES)}"
        ) from None


def can(strategy: str, capability: str) -> bool:
    """Whether the engine ``strategy`` can do ``capability`` (a key of
    CAPABILITIES)."""
    if capability not in CAPABILITIES:
        raise KeyError(capability)
    return capability in engine(strategy).can


def serving(capability: str) -> list[str]:
    """The strategies of plain problems that can do ``capability``, in the
    table's order (the MCC engines take only problems with bounds)."""
    return [name for name in STRATEGIES if name not in MCC_ENGINES and can(name, capability)]


def first_serving(*capabilities: str) -> str:
    """The first strategy of the table that can do every one of
    ``capabilities``: the engine that ``auto`` means for such a request."""
    for name in serving(capabilities[0]) if capabilities else STRATEGIES:
        if all(can(name, c) for c in capabilities):
            return name
    raise ValueError(f"no engine can do all of {', '.join(capabilities)}")


def use_instead(capability: str) -> str:
    """``strategy='dlx2'``: the advice for a request the engine at hand
    cannot serve."""
    return " or ".join(f"strategy={name!r}" for name in serving(capability))


#: the engines whose solver, once its search is done, may replay another
#: path with the figures a fresh solver would give (dlxc_bits_replay): a
#: split count then builds one solver per process, not one per subproblem,
#: which on the bits engine costs more than a small subtree's search
REPLAY_AGAIN = frozenset({"bits"})


def mcc_strategy(strategy: str | None) -> str:
    """The engine of a problem with multiplicities asked for ``strategy``:
    ``dlx3`` when named, else ``mcc`` (whatever else was named)."""
    return "dlx3" if strategy == "dlx3" else "mcc"


def refusal(strategy: str, capability: str) -> str:
    """The one sentence for an engine asked for what it cannot do: raised
    as ``EngineRefused`` when the engine is chosen, and as ``SolverError``
    by a made solver's method (``set_memo`` on an SSXCC solver)."""
    if strategy in MCC_ENGINES:
        return (
            f"items with multiplicities (the {strategy} engine) have no {CAPABILITIES[capability]} "
            "yet; ask without it"
        )
    return f"the {strategy} engine has no {CAPABILITIES[capability]}; use {use_instead(capability)}"
