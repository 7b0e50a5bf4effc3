"""An independent Boggle solver for the tests: plain recursion over the
board, with the words and their prefixes in Python sets (no trie, no
frontier, nothing shared with dlxc.boggle).

A cell holding ``q`` reads ``qu``; a word is found when the letters of a path
of distinct, king-adjacent cells spell it; each word counts once, 3 letters
or more, 1 1 2 3 5 11 points for 3, 4, 5, 6, 7, 8+ letters.
"""

from __future__ import annotations


def _points(word: str) -> int:
    n = len(word)
    if n < 3:
        return 0
    return {3: 1, 4: 1, 5: 2, 6: 3, 7: 5}.get(n, 11)


def words_on_board(board: str, rows: int, cols: int, words) -> dict:
    """{word: a path} for every word of ``words`` (lowercase) on the board."""
    words = {w for w in words if len(w) >= 3}
    prefixes = {w[:i] for w in words for i in range(1, len(w) + 1)}
    found: dict = {}

    def neighbours(i: int):
        r, c = divmod(i, cols)
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                rr, cc = r + dr, c + dc
                if (dr or dc) and 0 <= rr < rows and 0 <= cc < cols:
                    yield rr * cols + cc

    def visit(i: int, text: str, path: list) -> None:
        text += "qu" if board[i] == "q" else board[i]
        if text not in prefixes:
            return
        path.append(i)
        if text in words and text not in found:
            found[text] = tuple(path)
        for j in neighbours(i):
            if j not in path:
                visit(j, text, path)
        path.pop()

    for i in range(rows * cols):
        visit(i, "", [])
    return found


def score(board: str, rows: int, cols: int, words) -> int:
    return sum(_points(w) for w in words_on_board(board, rows, cols, words))
