"""Engine objects and threads (cffi releases the GIL, so two Python threads
can be inside one engine at once).

Every engine object guards its calls (dlxc.base.guard): a second thread
inside a handle of another thread's call gets ``HandleBusy`` rather than a
share of its scratch state, and ``close()`` from one thread while another
is inside the engine never frees the memory under that call.  Here, for
Boggle, the lexicon (queries, the one-call membership test, the move
generator), the crossword fill and the XCC search, on both backends:
threads on one shared object (right answers or HandleBusy, nothing
else), threads on objects of their own (right answers, always), and
close() racing a running call (the call ends cleanly or says the object
was closed; no crash).  The close races run in a child process, so
that a crash fails the test instead of ending the test run, and under
.ci/sanitize the child is checked by AddressSanitizer too."""

from __future__ import annotations

import random
import subprocess
import sys
import textwrap
import threading

import pytest
from legs import MIRROR_SLOW
from oracles.boggle import score as oracle_score

from dlxc.base.errors import HandleBusy, SolverError
from dlxc.boggle import Boggle
from dlxc.crossword.wordlist import pool_from_words
from dlxc.lexicon import Lexicon
from dlxc.models.classic import queens
from dlxc.models.crossword.fill import Filler, parse_grid

THREADS = 4


def _in_threads(work, n=THREADS):
    """Run ``work(k)`` in n threads started together; their results, or
    the first exception one raised."""
    start = threading.Barrier(n)
    out: list = [None] * n
    errors: list = []

    def run(k):
        start.wait()
        try:
            out[k] = work(k)
        except BaseException as exc:  # re-raised below, in the test's thread
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(k,)) for k in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    return out


def _boards(n, seed=1, size=16):
    rng = random.Random(seed)
    return [
        "".join(rng.choice("etaoinsrhldcumpgbyfkwvxzjq"[:20]) for _ in range(size))
        for _ in range(n)
    ]


# ---- Boggle ------------------------------------------------------------------


@pytest.fixture(scope="module")
def boggle_words():
    """The default word list (ENABLE2K), as its file has it."""
    from dlxc.boggle.scoring import DEFAULT_WORDS

    return DEFAULT_WORDS.read_text().split()


def test_one_boggle_shared_by_threads_is_right_or_busy(backend, boggle_words):
    """Four threads score batches on one Boggle object.  Its trie keeps
    per-board marks, so two calls at once used to spoil each other's totals
    (470-811 of 80,000 wrong); now every total that comes back is the one
    the object gives alone, and a call that meets another one raises
    HandleBusy naming the trie."""
    words = boggle_words if backend == "c" else boggle_words[::20]
    bg = Boggle(words, backend=backend)
    n = 4000 if backend == "c" else 200
    boards = _boards(n)
    alone = bg.score_many(boards, 4, 4)
    for b in boards[:3]:  # the reference itself, against the oracle
        assert alone[boards.index(b)] == oracle_score(b, 4, 4, words)
    step = 20

    def work(k):
        wrong = busy = 0
        for i in range(0, n, step):
            try:
                got = bg.score_many(boards[i : i + step], 4, 4)
            except HandleBusy as exc:
                assert "Boggle trie" in str(exc)
                busy += 1
                continue
            wrong += sum(a != b for a, b in zip(got, alone[i : i + step]))
        return wrong, busy

    results = _in_threads(work)
    assert sum(w for w, _ in results) == 0
    bg.close()


def test_boggles_of_their_own_in_threads_are_all_right(backend, boggle_words):
    words = boggle_words[::10] if backend == "c" else boggle_words[::40]
    boards = _boards(300 if backend == "c" else 40, seed=2)
    ref = Boggle(words, backend=backend)
    alone = list(ref.score_many(boards, 4, 4))
    text = ref.text
    ref.close()

    def work(k):
        with Boggle(text=text, backend=backend) as mine:
            return [list(mine.score_many(boards, 4, 4)) for _ in range(3)]

    for rounds in _in_threads(work):
        assert all(r == alone for r in rounds)


# ---- lexicon -----------------------------------------------------------------


def test_lexicon_queries_in_threads_agree(backend, boggle_words):
    """A lexicon's queries only read it: threads may share one, and each
    gets the answer it gets alone (the oracle: the word list itself)."""
    words = sorted(set(boggle_words[:: 7 if backend == "c" else 35]))
    lex = Lexicon.from_words(words, backend=backend)
    patterns = ["a*", "*ing", ".a.e", "s*s", "*q*"]

    def work(k):
        return [lex.match(p).list() for p in patterns]

    expected = [sorted(w for w in words if _fits(w, p)) for p in patterns]
    for got in _in_threads(work):
        assert [sorted(x) for x in got] == expected
    lex.close()


def _fits(word, pattern):
    import fnmatch

    return fnmatch.fnmatchcase(word, pattern.replace(".", "?"))


def test_the_guard_names_the_object():
    """The rule itself: a second thread is refused while a call is inside,
    and every call after close() is refused, each naming the object."""
    from dlxc.base.guard import Guard

    g = Guard("this move generator")
    with g:
        with pytest.raises(HandleBusy, match="this move generator is in use by another thread"):
            _in_threads(lambda k: g.__enter__(), n=1)
    g.close()
    with pytest.raises(SolverError, match="this move generator has been closed"):
        g.__enter__()


# ---- move generator and membership -------------------------------------------


def _finder(backend):
    from oracles.lexicon import small_pool

    from dlxc.models.scrabble import MoveFinder, greedy_positions

    lex = Lexicon.from_words(small_pool(), backend=backend)
    finder = MoveFinder(lex)
    positions = greedy_positions(MoveFinder(lex), seed=3, turns=6)
    return lex, finder, positions


def _all_moves(gen, positions):
    out = []
    for board, rack in positions:
        gen.run(board, rack)
        gen.sort()
        out.append(gen.moves())
    return out


def test_one_move_generator_shared_by_threads_is_right_or_busy(backend):
    """A move generator keeps the moves it found: threads sharing one get,
    each time, the moves a generator of their own finds, or HandleBusy;
    never another position's moves or a crash."""
    lex, finder, positions = _finder(backend)
    gen = finder.generator
    from dlxc.models.scrabble import MoveFinder

    alone = _all_moves(MoveFinder(lex).generator, positions)
    assert sum(map(len, alone)) > 0  # the positions have moves to find

    def work(k):
        got, busy = [], 0
        for _ in range(3):
            for i, (board, rack) in enumerate(positions):
                try:
                    gen.run(board, rack)
                    gen.sort()
                    got.append((i, gen.moves()))
                except HandleBusy:
                    busy += 1
        return got, busy

    for got, _ in _in_threads(work):
        # a run of another thread may come between this thread's run and
        # moves: its moves are then some position's own moves, whole
        for _, moves in got:
            assert moves in alone
    lex.close()


def test_move_generators_of_their_own_in_threads_are_all_right(backend):
    from dlxc.models.scrabble import MoveFinder

    lex, finder, positions = _finder(backend)
    alone = _all_moves(finder.generator, positions)

    def work(k):
        return _all_moves(MoveFinder(lex).generator, positions)

    assert _in_threads(work) == [alone] * THREADS
    lex.close()


def test_closed_move_generator_and_lexicon_refuse_every_call(backend):
    """After close(), each call says so (LexiconError), on both engines:
    the move generator's run, sort and moves, and the lexicon's one-call
    membership test of an ASCII word."""
    from dlxc.base.errors import LexiconError

    lex, finder, positions = _finder(backend)
    gen = finder.generator
    board, rack = positions[0]
    gen.run(board, rack)
    gen.close()
    gen.close()
    for call in (lambda: gen.run(board, rack), gen.sort, gen.moves):
        with pytest.raises(LexiconError, match="this move generator has been closed"):
            call()
    word = next(iter(lex))
    assert lex._contains_py(word) and lex._lex.contains_ascii(word.encode(), len(word)) == 1
    lex.close()
    with pytest.raises(LexiconError, match="this lexicon has been closed"):
        lex._contains_py(word)
    if backend == "c":  # the engine object itself refuses too (the mirror has no memory to free)
        with pytest.raises(LexiconError, match="this lexicon has been closed"):
            lex._lex.contains_ascii(word.encode(), len(word))


def test_membership_in_threads_agrees(backend, boggle_words):
    """The one-call membership test (``_contains_py``: the mirror's, and the
    C engine's when dlxc._lexfast is not there) from threads on one
    lexicon: each answer is the word list's (the oracle)."""
    words = sorted(set(boggle_words[:: 5 if backend == "c" else 25]))
    lex = Lexicon.from_words(words, backend=backend)
    probe = words[::3] + [w + "zz" for w in words[::7]]
    known = set(words)
    truth = [w in known for w in probe]

    def work(k):
        return [lex._contains_py(w) for w in probe]

    assert _in_threads(work) == [truth] * THREADS
    lex.close()


# ---- crossword fill and XCC search -------------------------------------------


def test_one_fill_search_shared_by_threads_is_busy(backend):
    words = ["ab", "ba", "aa", "bb", "abc", "cab", "bca"] * 1
    f = Filler(parse_grid("...\n...\n..."), pool_from_words(words), backend=backend)
    search = f._search
    # hold the search's guard as a running call does, then call from another thread
    search._guard.__enter__()
    try:
        with pytest.raises(HandleBusy, match="this fill search is in use by another thread"):
            _in_threads(lambda k: search.run(10), n=1)
    finally:
        search._guard.__exit__(None, None, None)
    assert search.run(1000) in (f._impl.FOUND, f._impl.EXHAUSTED, f._impl.BUDGET)


def test_xcc_searches_in_threads(backend):
    """Threads each with a search of their own count right (queens(6): 4
    solutions, OEIS A000170); one search shared is refused while busy."""

    def work(k):
        with queens(6).search(backend=backend) as s:
            return s.count()

    assert _in_threads(work) == [4] * THREADS
    s = queens(6).search(backend=backend)
    engine = s._solver if hasattr(s, "_solver") else None
    if engine is not None:
        engine._guard.__enter__()
        try:
            with pytest.raises(HandleBusy, match="this search is in use by another thread"):
                _in_threads(lambda k: s.step(5), n=1)
        finally:
            engine._guard.__exit__(None, None, None)
    assert s.count() == 4
    s.close()


# ---- close() racing a running call -------------------------------------------

_RACE = {
    "boggle": """
        from dlxc.boggle import Boggle
        obj = Boggle(backend=BACKEND)
        boards = "etaoinsrhldcumpg" * (200000 if BACKEND == "c" else 300)
        def call():
            obj.score_many(boards, 4, 4)
    """,
    "lexicon": """
        from dlxc.boggle import Boggle
        from dlxc.lexicon import Lexicon
        from dlxc.boggle.scoring import DEFAULT_WORDS
        # the mirror builds a twentieth of the list (the whole takes it 15 s)
        words = DEFAULT_WORDS.read_text().split()[:: 1 if BACKEND == "c" else 20]
        obj = Lexicon.from_words(words, backend=BACKEND)
        def call():
            for _ in range(20 if BACKEND == "c" else 10**9):
                for _ in obj.match("*"):
                    pass
    """,
    "moves": """
        from dlxc.lexicon import Lexicon
        from dlxc.models.scrabble import MoveFinder, greedy_positions
        from dlxc.boggle.scoring import DEFAULT_WORDS
        step = 4 if BACKEND == "c" else 40
        lex = Lexicon.from_words(DEFAULT_WORDS.read_text().split()[::step], backend=BACKEND)
        finder = MoveFinder(lex)
        positions = greedy_positions(MoveFinder(lex), seed=1, turns=8)
        obj = finder.generator
        def call():
            for _ in range(10**9):
                for board, rack in positions:
                    obj.run(board, rack)
                    obj.sort()
                    obj.moves(5)
    """,
    "contains": """
        from dlxc.lexicon import Lexicon
        from dlxc.boggle.scoring import DEFAULT_WORDS
        words = DEFAULT_WORDS.read_text().split()[:: 1 if BACKEND == "c" else 20]
        obj = Lexicon.from_words(words, backend=BACKEND)
        probe = words[::50]
        def call():
            for _ in range(10**9):
                for w in probe:
                    obj._contains_py(w)
    """,
    "fill": """
        from dlxc.crossword.wordlist import pool_from_words
        from dlxc.models.crossword.fill import Filler, parse_grid
        import itertools
        words = ["".join(p) for p in itertools.product("abcdef", repeat=4)]
        grid = parse_grid("....\\n....\\n....\\n....")
        obj = Filler(grid, pool_from_words(words), backend=BACKEND)
        def call():
            for _ in range(10**9):
                obj._search.run(10**6)
    """,
    "xcc": """
        from dlxc.models.classic import queens
        obj = queens(12).search(backend=BACKEND)
        def call():
            obj.count()
    """,
}

_RACE_MAIN = """
import threading, time
from dlxc.base.errors import DlxcError
{setup}
outcome = []
def runner():
    try:
        call()
        outcome.append("finished")
    except DlxcError as exc:
        outcome.append("refused: " + str(exc))
t = threading.Thread(target=runner)
t.start()
time.sleep(0.3)
obj.close()
t.join()
obj.close()
print(outcome[0])
"""


@pytest.mark.parametrize("backend", MIRROR_SLOW)
@pytest.mark.parametrize("family", sorted(_RACE))
def test_close_while_another_thread_is_inside(backend, family):
    """close() from the main thread while a worker thread is inside the
    engine: the call goes on on memory that is still there (it is freed
    when the call returns) or stops saying the object was closed; the
    process does not crash (it used to: a use after free in query.c,
    walk.h and fill.c)."""
    code = _RACE_MAIN.format(setup=textwrap.dedent(_RACE[family]).replace("BACKEND", repr(backend)))
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = proc.stdout.strip()
    assert out == "finished" or (out.startswith("refused: ") and "closed" in out), out
