"""Build dlxc's default crossword word list: words, phrases and names scored
by word frequency.

    pip install wordfreq==3.1.1 symspellpy==6.10.1
    apt-get install wordnet-base wamerican     # Debian: 1:3.0-37 and 2020.12.07-2
    python scripts/build_wordlist.py           # writes dlxc/models/wordlists/crossword-scored.txt

Three sources, each of whose licence lets dlxc ship what is taken from it:

- ENABLE (dlxc/puzzles/words/enable.txt, public domain): every word.
- WordNet 3.0 (Debian's wordnet-base, /usr/share/wordnet; Princeton's
  permissive licence): its multiword lemmas (``ice_cream``, ``hot_dog``,
  ``take_in``, ``New_York``) and its capitalised lemmas (``Einstein``),
  less the names of taxa (``genus_Homo``, ``family_Felidae``) and the lemmas
  with letters outside a-z, digits or punctuation other than ``_``, ``-``,
  ``.`` and ``'`` (which are dropped when the entry is written).
- Debian's american-english (SCOWL, /usr/share/dict/american-english): its
  capitalised words (``Oslo``, ``Eric``), not all capitals (``ACLU``), no
  possessives.

Entries are written as crosswords write them: letters only, lower case
(``icecream``), 3 to 21 letters; an entry two sources share keeps its best
score.  A phrase or a name joins the list only if wordfreq has met it
(Zipf frequency at least ``MIN_EXTRA_ZIPF``): WordNet also holds the long tail
of Latin names and technical terms that no constructor wants.

The score says how familiar an entry is: ``round(10 * zipf)``, where
``zipf`` is wordfreq's Zipf frequency of the entry in English (log10 of its
frequency per billion words; "the" 7.7, "area" 5.5, a word wordfreq never
met 0), less some Zipf for what makes an entry less familiar than its
frequency says:

- an ENABLE word that american-english lacks (``NOT_AMERICAN_PENALTY``):
  British spellings (``centres``) and the rare words SCOWL's common
  vocabulary leaves out;
- a British spelling besides (``BRITISH_PENALTY``): a word of Debian's
  british-english that no American SCOWL list has, up to
  american-english-huge (``colour``, ``realise``, ``tyres``), which an
  American-style grid avoids;
- a phrase, for each word after its first (``PHRASE_PENALTY``): wordfreq
  estimates a phrase from its words' frequencies, an upper bound on the
  phrase's own ("physical structure" would score as "physical");
- a phrase of 10 letters or more that books do not say often
  (``UNATTESTED_PENALTY``, ``UNATTESTED_MIN_LEN``): one with two words in
  a row that are not among the 242,342 most frequent word pairs of Google
  Books, as SymSpell's bigram dictionary lists them
  (``frequency_bigramdictionary_en_243_342.txt`` in the symspellpy
  package).  WordNet is rich in phrases built from common words that
  nobody says as one thing (MODERNBALLET, INSTALLMENTRATE, METEORSTREAM);
  a phrase said as one thing (BUSINESSCARD, TRAFFICLIGHT) is mostly among
  the pairs.  A phrase that ENABLE also writes as one word (BLACKOUT) is
  exempt.  Measured against Spread the Wordlist (used only to measure):
  about 20% of the 12-15 letter phrases the pairs lack rate well there,
  against 45% of those they hold; the quality fill of the shipped 15x15
  met the mark on 36 seeds of 60 with this penalty, 27 without.  Shorter
  phrases keep their scores: they are the short slots' supply, and
  taking them away made ``crossword grid 21x21`` fall back from its
  familiar-words check;
- a plant's or an animal's name of several words (``SPECIES_PENALTY``):
  most of WordNet's phrases there are vernacular names of species;
- a name (``NAME_PENALTY``): fewer solvers know a surname than a
  word met as often;
- an entry that fails the breakfast test (``BREAKFAST_PENALTY``): a word
  of scripts/data/breakfast-test.txt (dlxc's own list: violence, disease,
  drugs, bodily functions, sex, insults, slurs), an inflection of one, or a
  phrase with one among its words.  News and the web, which wordfreq
  counts, are full of them (MURDER scores as high as GARDEN), and a fill
  printed them where a constructor would not: ASSAULTS, REEFER, ORGIES.
  Such an entry keeps its place in the list, 20 points lower.

So scores run from 0 to 77, and a word met once in a million words scores
30.  (Historical note: a cap that scored every entry above Zipf 5 alike was
tried, so that a fill would not chase "the"-frequency words; it made the
engine's first fill of a 21x21 take minutes instead of a second, since the
score also steers the engine toward words with common letters.)

The output is sorted by score (highest first), then alphabetically, as
``word;score`` lines.  wordfreq's data is licensed CC BY-SA 4.0, so the list
carries that licence (dlxc/models/wordlists/CROSSWORD-SCORED-NOTICE.txt, with
WordNet's and SCOWL's notices).

The script is run by hand when a source changes; dlxc does not need
wordfreq, WordNet or SCOWL to run.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from importlib.resources.abc import Traversable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORDS = ROOT / "dlxc" / "puzzles" / "words"
WORDNET = Path("/usr/share/wordnet")
SCOWL = Path("/usr/share/dict/american-english")
#: SCOWL's British list, and its largest American one: a word only the first
#: holds is a British spelling (colour, realise, tyres)
BRITISH = Path("/usr/share/dict/british-english")
AMERICAN_ALL = Path("/usr/share/dict/american-english-huge")
#: the word pairs of SymSpell's bigram dictionary (in the symspellpy package)
BIGRAMS = "frequency_bigramdictionary_en_243_342.txt"
BREAKFAST = ROOT / "scripts" / "data" / "breakfast-test.txt"

MIN_LEN, MAX_LEN = 3, 21
PHRASE_PENALTY = 1.0  # Zipf taken off a phrase's estimate for each word after its first
UNATTESTED_PENALTY = 1.0  # and off a phrase with a word pair Google Books' frequent pairs lack
UNATTESTED_MIN_LEN = 10  # ... of this many letters or more
NOT_AMERICAN_PENALTY = 1.0  # Zipf taken off an ENABLE word american-english lacks
BRITISH_PENALTY = 2.0  # and off a British spelling besides
BREAKFAST_PENALTY = 2.0  # and off an entry that fails the breakfast test
SPECIES_PENALTY = 1.0  # and off a plant's or an animal's name of several words
NAME_PENALTY = 1.0  # and off a name's (Oslo, New York): fewer solvers know a name
MIN_EXTRA_ZIPF = 2.5  # a phrase or name below this (3 per billion words) is left out

#: the first word of a WordNet lemma that names a taxon, not a thing
TAXA = {
    "class",
    "division",
    "family",
    "genus",
    "infraorder",
    "kingdom",
    "order",
    "phylum",
    "subclass",
    "subdivision",
    "subfamily",
    "subgenus",
    "subkingdom",
    "suborder",
    "subphylum",
    "superclass",
    "superfamily",
    "superorder",
    "tribe",
}
LEMMA = re.compile(r"[A-Za-z][A-Za-z_.'-]*")
ABBREVIATION = re.compile(r"[A-Z.'-]{2,}|[A-Z]\.?")  # NYSE, N., a single capital
ROMAN = re.compile(r"[IVXL]+")
LIVING = {"05", "20"}  # noun.animal, noun.plant


def wordnet_lemmas(root: Path = WORDNET) -> Iterator[tuple[str, bool]]:
    """Every lemma of WordNet's data files that is a phrase or a name, as
    written there (``ice_cream``, ``Einstein``), and whether it names a
    plant or an animal (WordNet's lexicographer files noun.plant and
    noun.animal, where most phrases are the vernacular names of species:
    ``sand_rat``, ``Carolina_jasmine``)."""
    for pos in ("noun", "verb", "adj", "adv"):
        with open(root / f"data.{pos}", encoding="latin-1") as f:
            for line in f:
                if line.startswith(" "):  # the licence at the top
                    continue
                fields = line.split()
                living = pos == "noun" and fields[1] in LIVING
                for i in range(int(fields[3], 16)):
                    lemma = re.sub(r"\([a-z]+\)$", "", fields[4 + 2 * i])  # long(a)
                    if not LEMMA.fullmatch(lemma):
                        continue
                    if "_" not in lemma and not lemma[0].isupper():
                        continue  # a plain word: ENABLE has the words
                    parts = lemma.split("_")
                    if parts[0].lower() in TAXA:
                        continue
                    if any(ABBREVIATION.fullmatch(p) or ROMAN.fullmatch(p) for p in parts):
                        continue  # NYSE, I_Samuel, Henry_VIII
                    yield lemma, living


def scowl_names(path: Path = SCOWL) -> Iterator[str]:
    """The capitalised words of american-english (``Oslo``), not all
    capitals and not possessives."""
    for line in path.read_text(encoding="utf-8").split():
        if line[:1].isupper() and line.isascii() and line.isalpha() and not line.isupper():
            yield line


def inflections(base: str) -> set[str]:
    """``base`` and the forms English makes of it (kills, killed, killing,
    killer; abuses, abused; lynches; bodies; stabbed, stabbing): more than
    English has, which is harmless, since only the entries met are scored."""
    out = {base, base + "s", base + "es", base + "ed", base + "ing", base + "er", base + "ers"}
    if base.endswith("e"):
        out |= {base + "d", base[:-1] + "ing", base + "r", base + "rs"}
    if base.endswith("y"):
        out |= {base[:-1] + "ies", base[:-1] + "ied", base[:-1] + "ier", base[:-1] + "iest"}
    if len(base) > 2 and base[-1] not in "aeiouwxy" and base[-2] in "aeiou":
        out |= {base + base[-1] + end for end in ("ed", "ing", "er", "ers")}
    return out


def breakfast_words(path: Path = BREAKFAST) -> set[str]:
    """The breakfast-test list's words with their inflections."""
    bases = set()
    for line in path.read_text(encoding="ascii").splitlines():
        bases.update(line.split("#", 1)[0].split())
    return {form for base in bases for form in inflections(base)}


def grim(text: str, words: set[str]) -> bool:
    """Whether an entry (``text`` as a source writes it: ``car bomb``,
    ``Bin Laden``) is a breakfast-test word or has one among its words."""
    parts = re.split(r"[ _-]+", text.lower())
    return entry(text) in words or any(entry(p) in words for p in parts)


def pairs(text: str) -> list[str]:
    """The pairs of words in a row of a phrase as the bigram dictionary
    writes them (``cat's eye`` is ``cat eye``; ``ice-cream`` ``ice cream``)."""
    words = re.findall(r"[a-z]+", re.sub(r"'s\b", "", text.lower()))
    return [f"{a} {b}" for a, b in zip(words, words[1:])]


def bigram_pairs(path: Traversable) -> set[str]:
    """The word pairs of a bigram dictionary (``abbott and 7861376`` lines),
    a file or a package's resource."""
    with path.open(encoding="utf-8") as f:
        return {" ".join(line.split()[:2]) for line in f}


def entry(text: str) -> str:
    """How a crossword writes it: letters only, lower case."""
    return "".join(ch for ch in text.lower() if "a" <= ch <= "z")


def score(zipf: float) -> int:
    return max(0, round(10 * zipf))


def main() -> int:
    try:
        from importlib.resources import files

        import wordfreq

        bigrams = files("symspellpy") / BIGRAMS
    except ImportError:
        print(
            "this script needs wordfreq and symspellpy: "
            "pip install wordfreq==3.1.1 symspellpy==6.10.1",
            file=sys.stderr,
        )
        return 1
    if not WORDNET.is_dir() or not all(p.is_file() for p in (SCOWL, BRITISH, AMERICAN_ALL)):
        print(
            "this script needs Debian's wordnet-base, wamerican, wamerican-huge and wbritish",
            file=sys.stderr,
        )
        return 1
    best: dict[str, int] = {}
    counts = {"ENABLE": 0, "WordNet": 0, "SCOWL": 0}

    def add(word: str, value: int, source: str) -> None:
        if word not in best:
            counts[source] += 1
            best[word] = value
        elif value > best[word]:
            best[word] = value

    american = {w.lower() for w in SCOWL.read_text(encoding="utf-8").split()}
    british = {w.lower() for w in BRITISH.read_text(encoding="utf-8").split()}
    british -= {w.lower() for w in AMERICAN_ALL.read_text(encoding="utf-8").split()}
    breakfast = breakfast_words()
    frequent_pairs = bigram_pairs(bigrams)
    single = set((WORDS / "enable.txt").read_text(encoding="ascii").split())
    for word in sorted(single):
        if MIN_LEN <= len(word) <= MAX_LEN:
            zipf = wordfreq.zipf_frequency(word, "en")
            if word not in american:
                zipf -= NOT_AMERICAN_PENALTY
            if word in british:
                zipf -= BRITISH_PENALTY
            if grim(word, breakfast):
                zipf -= BREAKFAST_PENALTY
            add(word, score(zipf), "ENABLE")
    extras = [(lemma.replace("_", " "), living, "WordNet") for lemma, living in wordnet_lemmas()]
    extras += [(name, False, "SCOWL") for name in scowl_names()]
    for text, living, source in extras:
        word = entry(text)
        if not MIN_LEN <= len(word) <= MAX_LEN:
            continue
        words = text.count(" ") + 1
        zipf = wordfreq.zipf_frequency(text, "en") - PHRASE_PENALTY * (words - 1)
        if living and words > 1:
            zipf -= SPECIES_PENALTY
        if text[0].isupper():
            zipf -= NAME_PENALTY
        if zipf >= MIN_EXTRA_ZIPF:
            # scored lower, not left out
            if (
                len(word) >= UNATTESTED_MIN_LEN
                and word not in single
                and any(p not in frequent_pairs for p in pairs(text))
            ):
                zipf -= UNATTESTED_PENALTY
            if grim(text, breakfast):
                zipf -= BREAKFAST_PENALTY
            add(word, score(zipf), source)
    scored = sorted(((s, w) for w, s in best.items()), key=lambda sw: (-sw[0], sw[1]))
    header = (
        "# dlxc's default crossword list: ENABLE's words (public domain), WordNet 3.0's\n"
        "# phrases and names, american-english's (SCOWL) names, scored by round(10 * Zipf\n"
        "# frequency) from wordfreq 3.1.1's English data (CC BY-SA 4.0), less penalties\n"
        "# (see CROSSWORD-SCORED-NOTICE.txt).  Built by scripts/build_wordlist.py.\n"
    )
    body = "".join(f"{w};{s}\n" for s, w in scored)
    out = ROOT / "dlxc" / "models" / "wordlists" / "crossword-scored.txt"
    out.write_text(header + body, encoding="ascii")
    added = ", ".join(f"{n} from {source}" for source, n in counts.items())
    print(f"{len(scored)} entries ({added}) written to {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
