"""Build dlxc's default crossword word list: ENABLE scored by word frequency.

    pip install wordfreq==3.1.1
    python scripts/build_wordlist.py          # writes dlxc/puzzles/words/crossword-scored.txt

Each ENABLE word (dlxc/puzzles/words/enable.txt, public domain) of 3 to 21
letters gets the score ``round(10 * zipf)``, where ``zipf`` is wordfreq's
Zipf frequency of the word in English (log10 of its frequency per billion
words; "the" is 7.7, "area" 5.5, a word wordfreq never saw 0).  So scores
run from 0 to about 77, and a word met once in a million words scores 30.
The output is sorted by score (highest first), then alphabetically, as
``word;score`` lines.  wordfreq's data is licensed CC BY-SA 4.0, so the list
carries that licence (dlxc/puzzles/words/CROSSWORD-SCORED-NOTICE.txt).

The script is run by hand when wordfreq's data or ENABLE changes; dlxc does
not need wordfreq to run.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORDS = ROOT / "dlxc" / "puzzles" / "words"


def main() -> int:
    try:
        import wordfreq
    except ImportError:
        print("this script needs wordfreq: pip install wordfreq==3.1.1", file=sys.stderr)
        return 1
    enable = (WORDS / "enable.txt").read_text(encoding="ascii").split()
    scored = []
    for word in enable:
        if 3 <= len(word) <= 21:
            scored.append((round(10 * wordfreq.zipf_frequency(word, "en")), word))
    scored.sort(key=lambda sw: (-sw[0], sw[1]))
    header = (
        "# dlxc's default crossword list: ENABLE (public domain) scored by\n"
        "# round(10 * Zipf frequency) from wordfreq 3.1.1's English data\n"
        "# (CC BY-SA 4.0; see CROSSWORD-SCORED-NOTICE.txt).  Built by scripts/build_wordlist.py.\n"
    )
    body = "".join(f"{w};{s}\n" for s, w in scored)
    (WORDS / "crossword-scored.txt").write_text(header + body, encoding="ascii")
    print(f"{len(scored)} words written to {WORDS / 'crossword.txt'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
