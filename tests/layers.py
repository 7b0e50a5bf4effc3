"""dlxc's layers and its import graph, read from the source (the AST).

Run ``python tests/layers.py`` to print the graph: every module of the
package with its layer, and the dlxc modules it imports.  The test
``tests/meta/test_layers.py`` fails when a module imports one above it, or
when a new module has no place in ``ORDER`` yet.

Layers, bottom to top: base (errors, the shared helpers), engines (the C
binding, the mirror, the choice between them), services (the search, the
counts, the problem and its format), puzzle models, command line.  Within a
layer the modules are ordered too, so the graph has no cycle: a module may
import only modules of a lower rank.  Imports under ``if TYPE_CHECKING:``
are for type checkers only; they are listed apart, and checked like the
others: an upward import hidden behind TYPE_CHECKING is still a cycle in
the design (the lower module needs to know the higher one), so a module
that must name a higher one's type names a Protocol below it instead
(dlxc.xcc.view.ProblemView).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "dlxc"

# (layer, [modules of one rank], ...) bottom to top; a module may import only
# modules of a lower rank.
ORDER: list[tuple[str, list[str]]] = [
    (
        "base",
        [
            "dlxc._version",
            "dlxc.base",
            "dlxc.base.rng",
            "dlxc.base.errors",
            "dlxc.base.closing",
            "dlxc._dlxc_cffi",
            "dlxc._lexfast",
            "dlxc.puzzles",
        ],
    ),
    ("base", ["dlxc.base.letters"]),
    # files warns of a word list's skipped lines with the errors' SkippedLines
    (
        "base",
        [
            "dlxc.base.progress",
            "dlxc.base.native",
            "dlxc.base.args",
            "dlxc.base.files",
            "dlxc.base.guard",
        ],
    ),
    ("base", ["dlxc.base.wordlist"]),
    ("base", ["dlxc.base.backends", "dlxc.base.runner", "dlxc.base.pool", "dlxc.base.cluster"]),
    ("engines", ["dlxc.xcc.engines.table"]),
    ("engines", ["dlxc.xcc.engines.shared", "dlxc.xcc._cbackend"]),
    (
        "engines",
        [
            "dlxc.xcc.engines.dlx2",
            "dlxc.xcc.engines.ssxcc",
            "dlxc.xcc.engines.bits",
            "dlxc.xcc.engines.cost",
            "dlxc.xcc.engines.mcc",
            "dlxc.xcc.engines.zdd",
            "dlxc.xcc.engines.zddm",
            "dlxc.xcc.prebounds",
            "dlxc.lexicon.alphabet",
            "dlxc.lexicon.mirror",
        ],
    ),
    # a family's contract names both its sides, for mypy's check only
    ("engines", ["dlxc.xcc.engines.contract"]),
    ("engines", ["dlxc.xcc.engines", "dlxc.lexicon.fileformat"]),
    ("engines", ["dlxc.crossword.parsing"]),
    ("engines", ["dlxc.lexicon._cbackend", "dlxc.crossword.mirror"]),
    ("engines", ["dlxc.crossword._cbackend"]),
    ("engines", ["dlxc.crossword.contract", "dlxc.lexicon.contract"]),
    ("engines", ["dlxc.crossword"]),
    ("engines", ["dlxc.crossword.wordlist", "dlxc.boggle.mirror", "dlxc.boggle.words"]),
    ("engines", ["dlxc.boggle._cbackend", "dlxc.boggle.board"]),
    ("engines", ["dlxc.boggle.contract"]),
    ("engines", ["dlxc.boggle.engine", "dlxc.boggle.boardfile"]),
    ("engines", ["dlxc.boggle.scoring"]),
    ("engines", ["dlxc.boggle.best", "dlxc.boggle.dask_scoring"]),
    ("engines", ["dlxc.boggle"]),
    ("services", ["dlxc.xcc.view", "dlxc.xcc.presummary"]),
    ("services", ["dlxc.xcc.search"]),
    ("services", ["dlxc.xcc.parallel", "dlxc.xcc.estimate"]),
    ("services", ["dlxc.xcc.zdd"]),
    ("services", ["dlxc.xcc.sampling", "dlxc.xcc.distributed"]),
    ("services", ["dlxc.xcc.count", "dlxc.xcc.best", "dlxc.xcc.preprocess"]),
    ("services", ["dlxc.xcc.problem"]),
    ("services", ["dlxc.xcc.dlxformat"]),
    ("services", ["dlxc", "dlxc.xcc", "dlxc.lexicon"]),
    ("services", ["dlxc.render.page"]),
    (
        "services",
        [
            "dlxc.render.text",
            "dlxc.render.svg",
            "dlxc.render.ipuz",
            "dlxc.render.puz",
            "dlxc.render.kinds",
            "dlxc.render.csv",
        ],
    ),
    ("services", ["dlxc.render.html", "dlxc.render.pdf", "dlxc.render.boggle_html"]),
    ("services", ["dlxc.render.boggle_pdf"]),
    ("services", ["dlxc.render"]),
    ("models", ["dlxc.models.crossword.clues"]),
    (
        "models",
        [
            "dlxc.models",
            "dlxc.models.words",
            "dlxc.models.classic",
            "dlxc.models.editionfiles",
            "dlxc.models.editions",
            "dlxc.models.gcg",
            "dlxc.models.themes",
            "dlxc.models.wordlists",
            "dlxc.models.crossword",
            "dlxc.models.crossword.layout",
            "dlxc.models.crossword.fill",
        ],
    ),
    (
        "models",
        [
            "dlxc.models.crossword.design",
            "dlxc.models.crossword.suggest",
            "dlxc.models.scrabble",
            "dlxc.models.crossword.region",
        ],
    ),
    (
        "models",
        [
            "dlxc.models.crossword.stats",
            "dlxc.models.wordrect",
            "dlxc.models.cgp",
            "dlxc.models.leaves",
            "dlxc.models.wordsearch.grid",
            "dlxc.models.wordsearch.view",
            "dlxc.models.wordsearch.shapes",
        ],
    ),
    ("models", ["dlxc.models.sim"]),
    ("models", ["dlxc.models.wordsearch.layout", "dlxc.models.odds", "dlxc.models.endgame"]),
    ("models", ["dlxc.models.peg"]),
    ("models", ["dlxc.models.game"]),
    ("models", ["dlxc.models.wordsearch.maker", "dlxc.models.wordsearch.reasons"]),
    ("models", ["dlxc.models.wordsearch.model"]),
    ("models", ["dlxc.models.wordsearch"]),
    ("models", ["dlxc.models.wordsearch.fit", "dlxc.models.pages"]),
    # the studio: a web application over the models, below the command line
    ("studio", ["dlxc.studio", "dlxc.studio.guard", "dlxc.studio.jobs"]),
    ("studio", ["dlxc.studio.rooms"]),
    ("studio", ["dlxc.studio.app"]),
    ("cli", ["dlxc.cli.options"]),
    ("cli", ["dlxc.cli.common", "dlxc.cli.output"]),
    (
        "cli",
        [
            "dlxc.cli.puzzles",
            "dlxc.cli.crossword_fill",
            "dlxc.cli.crossword_suggest",
            "dlxc.cli.wordsearch_make",
            "dlxc.cli.preprocess",
        ],
    ),
    (
        "cli",
        [
            "dlxc.cli.solve",
            "dlxc.cli.zdd",
            "dlxc.cli.scale",
            "dlxc.cli.wordsearch",
            "dlxc.cli.wordrect",
            "dlxc.cli.lexicon",
            "dlxc.cli.game",
            "dlxc.cli.odds",
            "dlxc.cli.crossword",
            "dlxc.cli.boggle",
            "dlxc.cli.example",
            "dlxc.cli.studio",
        ],
    ),
    ("cli", ["dlxc.cli.endgame", "dlxc.cli.peg", "dlxc.cli.sim"]),
    ("cli", ["dlxc.cli"]),
    ("cli", ["dlxc._launch"]),
]
RANK = {m: r for r, (_, mods) in enumerate(ORDER) for m in mods}
LAYER = {m: layer for layer, mods in ORDER for m in mods}


def modules() -> dict[str, Path]:
    """Every module of the package: dotted name -> file."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _is_type_checking(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (
        isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING"
    )


def imports(name: str, path: Path, known: set) -> tuple[set, set]:
    """(runtime, type-only) dlxc modules that module ``name`` imports,
    anywhere in the file (functions included)."""
    tree = ast.parse(path.read_text("utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    runtime: set = set()
    typing_only: set = set()
    guarded = {
        id(n)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and _is_type_checking(node)
        for n in ast.walk(node)
    }
    for node in ast.walk(tree):
        targets = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            for a in node.names:  # "from . import common" names a module
                sub = f"{stem}.{a.name}"
                targets.append(sub if sub in known else stem)
        for t in targets:
            if t.startswith("dlxc") and t != name:
                # a name not among the .py modules is the compiled extension
                (typing_only if id(node) in guarded else runtime).add(t)
    return runtime, typing_only


def graph() -> dict[str, tuple[set, set]]:
    mods = modules()
    known = set(mods)
    return {name: imports(name, path, known) for name, path in mods.items()}


def violations() -> list[str]:
    """Modules without a rank, and imports (type-only ones too) that do not
    point down."""
    bad = []
    g = graph()
    for name in set(g) | {t for runtime, types in g.values() for t in runtime | types}:
        if name not in RANK:
            bad.append(f"{name} has no place in tests/layers.py's ORDER")
    for name, (runtime, typing_only) in g.items():
        for kind, targets in (("imports", runtime), ("imports for types only", typing_only)):
            for target in sorted(targets):
                if name in RANK and target in RANK and RANK[target] >= RANK[name]:
                    bad.append(
                        f"{name} ({LAYER[name]}, rank {RANK[name]}) {kind} {target} "
                        f"({LAYER[target]}, rank {RANK[target]})"
                    )
    return bad


def main() -> int:
    g = graph()
    for name in sorted(g, key=lambda m: (RANK.get(m, -1), m)):
        runtime, typing_only = g[name]
        down = ", ".join(sorted(runtime, key=lambda m: (-RANK.get(m, -1), m))) or "-"
        line = f"{LAYER.get(name, '?'):8} {RANK.get(name, '?'):>2}  {name:32} -> {down}"
        if typing_only:
            line += f"   [types only: {', '.join(sorted(typing_only))}]"
        print(line)
    bad = violations()
    print("\n" + ("\n".join(bad) if bad else "No module imports a module above it."))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
