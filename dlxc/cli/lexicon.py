"""``dlxc lexicon`` (build, info, match, anagram) and ``dlxc moves``.

A FILE argument is a lexicon file made by ``dlxc lexicon build`` or a plain
word list (one word a line), built on the fly; they are told apart by the
lexicon file's magic number.  Results go to stdout, counts of skipped
entries and timings to stderr.  Exit status: 0 done, 1 bad input (a
message naming the file, never a traceback), 2 usage error.
"""

from __future__ import annotations

import json
import sys
import time

import click

from ..lexicon import Lexicon
from .common import edition_names, strict_option, user_errors, write_lines
from .options import engine_option, lexicon_file_option

_JSON = click.option("--json", "as_json", is_flag=True, help="One JSON object on stdout.")


def _open(path: str, backend, strict: bool = False) -> Lexicon:
    """A lexicon file, or a word list read as every word list is (the lines
    that are not words skipped and noted on stderr; ``strict``: an error)."""
    return Lexicon.from_file(path, backend=backend, strict=strict)


def _facts(lex: Lexicon, seconds: float) -> dict:
    return {
        "words": lex.words,
        "dawg_nodes": lex.dawg_nodes,
        "dawg_bytes": lex.dawg_bytes,
        "gaddag_nodes": lex.gaddag_nodes,
        "gaddag_bytes": lex.gaddag_bytes,
        "seconds": round(seconds, 6),
    }


def _print_facts(facts: dict, as_json: bool) -> None:
    if as_json:
        click.echo(json.dumps(facts))
        return
    click.echo(f"words         {facts['words']}")
    click.echo(f"DAWG nodes    {facts['dawg_nodes']} ({facts['dawg_bytes']} bytes)")
    click.echo(f"GADDAG nodes  {facts['gaddag_nodes']} ({facts['gaddag_bytes']} bytes)")
    click.echo(f"seconds       {facts['seconds']:.4f}")


@click.group()
def lexicon() -> None:
    """Build lexicon files (a minimal DAWG and a GADDAG) and query them."""


@lexicon.command()
@click.argument("word_list", metavar="LIST")
@click.option("-o", "--output", required=True, metavar="FILE", help="The lexicon file to write.")
@click.option(
    "--edition",
    type=click.Choice(edition_names(), case_sensitive=False),
    default=None,
    help="Read a multi-letter tile of this edition written in brackets ([CH]ORRO) as one letter.",
)
@_JSON
@engine_option
@strict_option
@user_errors
def build(
    word_list: str, output: str, edition, as_json: bool, backend, strict: bool = False
) -> None:
    """Build the lexicon of LIST (one word a line; entries that are not
    purely letters are skipped and counted on stderr) and write it to FILE.
    Prints the words, the DAWG's and GADDAG's nodes and bytes, and the
    seconds taken to read the list and build both graphs."""
    from ..models.scrabble import Rules

    start = time.perf_counter()
    multi = Rules.edition(edition).multi if edition else {}
    if multi:
        from ..lexicon import read_word_list_with_tiles

        wl = read_word_list_with_tiles(word_list, multi, strict=strict)
        lex = Lexicon.from_word_list(wl, backend=backend, name=word_list)
    else:
        lex = Lexicon.from_word_file(word_list, backend=backend, strict=strict)
    seconds = time.perf_counter() - start
    lex.save(output)
    _print_facts(_facts(lex, seconds), as_json)


@lexicon.command()
@click.argument("file", metavar="FILE")
@_JSON
@engine_option
@strict_option
@user_errors
def info(file: str, as_json: bool, backend, strict: bool = False) -> None:
    """Words, nodes and bytes of a lexicon, and the seconds its loading took."""
    start = time.perf_counter()
    lex = _open(file, backend, strict)
    _print_facts(_facts(lex, time.perf_counter() - start), as_json)


def _print_words(words) -> None:
    out = sys.stdout
    for batch in words.batches():
        if batch:
            out.write("\n".join(batch) + "\n")


@lexicon.command()
@click.argument("file", metavar="FILE")
@click.argument("pattern")
@engine_option
@strict_option
@user_errors
def match(file: str, pattern: str, backend, strict: bool = False) -> None:
    """Words matching PATTERN, one a line, sorted: . one letter, * any run of
    letters, [aeiou] one of a set, [^aeiou] one not in it."""
    _print_words(_open(file, backend, strict).match(pattern))


@lexicon.command()
@click.argument("file", metavar="FILE")
@click.argument("letters")
@click.option("--sub", is_flag=True, help="Words made of some of the letters, not all.")
@engine_option
@strict_option
@user_errors
def anagram(file: str, letters: str, sub: bool, backend, strict: bool = False) -> None:
    """Anagrams of LETTERS (? a blank), one a line, sorted."""
    _print_words(_open(file, backend, strict).anagrams(letters, sub=sub))


def _tile_lexicon(path: str, backend, strict: bool, rules) -> Lexicon:
    """``_move_lexicon`` for rules with multi-letter tiles, which a word
    list writes in brackets (``[CH]ORRO``, ``read_word_list_with_tiles``)."""
    from ..lexicon import read_word_list_with_tiles
    from ..lexicon.fileformat import sniff

    if sniff(path):
        return Lexicon.load(path, backend=backend)
    wl = read_word_list_with_tiles(path, rules.multi, strict=strict)
    wl, dropped = wl.keeping(rules.values)
    _note_dropped(path, dropped, rules)
    return Lexicon.from_word_list(wl, backend=backend, name=path)


def _note_dropped(path: str, dropped, rules) -> None:
    """The note on stderr that words of ``path`` were left out."""
    if dropped:
        left = len(dropped)
        click.echo(
            f"note: {path}: {left} word{'s' if left != 1 else ''} left out, with a letter "
            f"that has no tile value under {rules.source} (the first, {dropped[0]!r})",
            err=True,
        )


def _move_lexicon(path: str, backend, strict: bool, rules) -> Lexicon:
    """The lexicon of ``moves``: a lexicon file as it is; a word list's
    words whose letters all have tile values under ``rules`` (the others
    cannot be played: they are left out and counted in a note)."""
    from ..lexicon.fileformat import sniff

    if sniff(path):
        return Lexicon.load(path, backend=backend)
    lex, dropped = Lexicon.from_word_file_keeping(
        path, rules.values, backend=backend, strict=strict
    )
    _note_dropped(path, dropped, rules)
    return lex


@click.command()
@lexicon_file_option
@click.option(
    "--board",
    default=None,
    metavar="BOARD",
    help="A file of one line per row (. empty, a letter a tile, lower case a blank); - for stdin.",
)
@click.option(
    "--cgp",
    "cgp_text",
    default=None,
    metavar="CGP",
    help="The position as one CGP line (board, racks, scores, zero turns, operations), "
    "instead of --board; its first rack unless --rack is given.",
)
@click.option("--rack", default=None, help="The rack's letters, ? for a blank.")
@click.option(
    "--top", type=click.IntRange(min=1), default=None, metavar="N", help="Only the N best moves."
)
@click.option(
    "--edition",
    type=click.Choice(edition_names(), case_sensitive=False),
    default=None,
    help="A named edition's board and tiles (default english, or the one a CGP's ld names).",
)
@click.option(
    "--rules",
    default=None,
    metavar="FILE",
    help="A JSON rules file (board, premiums, tile values; it may name an edition and "
    "override its keys); default standard English.",
)
@click.option(
    "--to-cgp",
    "to_cgp",
    is_flag=True,
    help="Print the position as one CGP line instead of its moves.",
)
@click.option(
    "--equity",
    is_flag=True,
    help="Rank plays, exchanges and the pass by equity (score plus the value of "
    "the tiles kept), with the shipped English leave values (none for an edition "
    "with other tiles: give --leaves).",
)
@click.option(
    "--leaves",
    "leaves_file",
    default=None,
    metavar="FILE",
    help="Leave values (LEAVE value a line) for --equity; implies --equity.",
)
@_JSON
@engine_option
@strict_option
@user_errors
def moves(
    lexicon_file: str,
    board,
    cgp_text,
    rack,
    top,
    edition,
    rules,
    to_cgp: bool,
    equity: bool,
    leaves_file,
    as_json: bool,
    backend,
    strict: bool = False,
) -> None:
    """Every legal Scrabble move, best first, one a line: score, first
    square (row,col from 0), direction, word (blanks in lower case).  With
    --json one JSON object a line: score, row, col, direction, word, tiles
    (the squares newly covered: row, col, letter).  The position is a board
    file and --rack, or a CGP line (--cgp); --to-cgp prints it as CGP.
    With --equity or --leaves the plays, exchanges and the pass, best
    equity first: equity, score, the move (or exchange TILES, or pass), the
    tiles kept.  A rack with no play prints the pass."""
    from pathlib import Path

    from ..base.errors import BoardError
    from ..base.files import read_text
    from ..models import cgp
    from ..models.scrabble import MoveFinder, Rules

    if (board is None) == (cgp_text is None):
        raise click.UsageError("give the position as --board FILE or as --cgp LINE (one of them)")
    the_rules = None
    if rules:
        the_rules = Rules.from_file(rules, edition)
    elif edition:
        the_rules = Rules.edition(edition)
    position = None
    if cgp_text is not None:
        position = cgp.parse(cgp_text, the_rules)
        the_rules = cgp.rules_for(position, the_rules)
        name, text = "cgp", "\n".join(position.board)
        if rack is None:
            rack = position.rack
    else:
        the_rules = the_rules or Rules()
        name, text = read_text(board, "board", BoardError)
        if rack is None and not to_cgp:
            raise click.UsageError("--rack is required with --board")
    rack = rack or ""
    open_lexicon = _tile_lexicon if the_rules.multi else _move_lexicon
    lex = open_lexicon(lexicon_file, backend, strict, the_rules)
    finder = MoveFinder(lex, the_rules)
    codes = finder.board(text, name)
    tiles = finder.rack(rack)
    if to_cgp:
        if position is not None:
            position.racks[0] = rack
            click.echo(position.to_cgp(the_rules))
        else:
            lines = [ln for ln in text.splitlines() if ln.strip()]
            click.echo(cgp.to_cgp(lines, rack, the_rules, lexicon=Path(lexicon_file).stem))
        return
    if equity or leaves_file:
        from ..models.game import position_options
        from ..models.leaves import Leaves

        options = position_options(finder, codes, tiles, Leaves.named(leaves_file, the_rules), top)
        if as_json:
            write_lines(json.dumps(o.as_dict()) + "\n" for o in options)
        else:
            write_lines(o.line() + "\n" for o in options)
        return
    found = finder.moves(codes, tiles, top)
    if as_json:  # JSON lines: one object a move
        if not found:
            click.echo(json.dumps({"kind": "pass", "score": 0}))
        write_lines(json.dumps(m.as_dict()) + "\n" for m in found)
        return
    if not found:
        click.echo("0 pass")
    write_lines(f"{m.score} {m.text}\n" for m in found)
