"""MAGPIE, the Scrabble engine dlxc's benches measure against (not part of
dlxc; build it as bench/bench_scrabble.py says): its command line, set up
alike for every bench that runs it.
"""

from __future__ import annotations

import subprocess
from pathlib import Path


def run(root: Path, klv: str, script: str, strategy: str = "score", *extra: str) -> str:
    """MAGPIE's output for ``script`` (its commands, one a line): the ENABLE
    lexicon (TWLENABLE), leave file ``klv`` for both players, no word map,
    one thread, both players choosing by ``strategy``, ``extra`` settings
    after; its settings file left as it was."""
    argv = [str(root / "bin" / "magpie"), "set", "-savesettings", "false", "-lex", "TWLENABLE"]
    argv += ["-k1", klv, "-k2", klv, "-wmp", "false", "-threads", "1"]
    argv += ["-s1", strategy, "-s2", strategy, "-mode", "sync", *extra]
    return subprocess.run(
        argv, input=script, capture_output=True, text=True, cwd=root, check=True
    ).stdout
