"""Titles, words and clues that try to break out of their file: control
characters, comment openers, script tags, quotes, CDATA ends.  Every writer
must still give a file its format's reader takes: XML that xml.etree
parses, HTML whose scripts are what dlxc wrote (the page data a JSON
script with no ``<`` in it, so no text can end it or open a comment, as
the HTML standard's script-data states go), JSON that json parses, ipuz
whose solution holds a letter or null in every cell, CSV that the csv
module reads back to the same fields, text that keeps each title on its
line; a PDF refuses a control character with a message naming it."""

from __future__ import annotations

import csv
import io
import json
import re
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner
from oracles.ipuz import problems

from dlxc.cli import main

# \udcff: a byte of the command line that is not UTF-8, as Python keeps it
TITLE = "T\x01<!--<script>&\"'</script>\x1b[31m]]>\x0b\udcff?"
CLUE = "<!--<script>\x02 a pet </script> & ]]>"
REPLACED = "\ufffd"
FORMATS = ["text", "json", "svg", "ipuz", "html", "csv"]


def run(args):
    return CliRunner().invoke(main, [str(a) for a in args])


def _title_shown(title: str) -> str:
    """The title as an XML or text page shows it: each control character
    XML cannot hold (and a lone surrogate) as U+FFFD."""
    return re.sub("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff]", REPLACED, title)


@pytest.fixture
def commands(tmp_path):
    words = tmp_path / "ws.txt"
    words.write_text(
        f"cat;{CLUE}\ndog;a&b\nowl;\x1b[2J\n", encoding="utf-8", errors="surrogatepass"
    )
    grid = tmp_path / "g.txt"
    grid.write_text("...\n")
    fill_words = tmp_path / "fw.txt"
    fill_words.write_text("cat\n")
    return {
        "wordsearch": ["wordsearch", "6x6", "-w", words, "--seed", "3"],
        "crossword": ["crossword", "fill", grid, "-w", fill_words, "-q"],
        "boggle": ["boggle", "solve", "perslatgsineters"],
    }


def _output(commands, which, fmt, tmp_path):
    out = tmp_path / f"out.{fmt}"
    r = run(commands[which] + ["--title", TITLE, "--format", fmt, "-o", out])
    return r, out


def _script_bodies(html: str) -> list[tuple[str, str]]:
    """(opening tag, body) of each script element, cut where a browser
    ends it in the plain script-data state: at the first ``</script``."""
    out = []
    for m in re.finditer(r"<script([^>]*)>", html):
        end = html.find("</script", m.end())
        out.append((m.group(1), html[m.end() : end]))
    return out


@pytest.mark.parametrize("which", ["wordsearch", "crossword", "boggle"])
@pytest.mark.parametrize("fmt", FORMATS)
def test_hostile_title_and_clues_give_valid_files(commands, which, fmt, tmp_path):
    if fmt == "ipuz" and which == "boggle":
        pytest.skip("Boggle has no ipuz kind")
    r, out = _output(commands, which, fmt, tmp_path)
    assert r.exit_code == 0, r.output
    data = out.read_bytes().decode("utf-8")  # valid UTF-8: no lone surrogate written
    if fmt == "svg":
        root = ET.fromstring(data)
        title = root.find("{http://www.w3.org/2000/svg}title")
        assert title is not None and title.text == _title_shown(TITLE)
    elif fmt == "html":
        scripts = _script_bodies(data)
        assert len(scripts) == 2 and data.count("</script>") == 2
        (tag, body), (_, code) = scripts
        assert 'id="page"' in tag
        assert "<" not in body  # nothing in the data can end it or open a comment
        doc = json.loads(body)
        if which != "boggle":  # the Boggle page's data is its words alone
            assert doc["title"] == TITLE.replace("\udcff", REPLACED)
        assert code.strip().endswith(("}", ";", ")"))
        head = data[: data.index("<body")]
        assert f"<title>{_title_shown(TITLE)}" not in head  # escaped, not raw
        assert "&lt;!--&lt;script&gt;" in head
    elif fmt in ("json", "ipuz"):
        try:
            doc = json.loads(data)  # one indented object
        except json.JSONDecodeError:
            doc = json.loads(data.splitlines()[0])  # JSON lines
        if which == "wordsearch" or fmt == "ipuz":  # the fill's JSON is its grid
            assert doc["title"] == TITLE.replace("\udcff", "\ufffd")
        if fmt == "ipuz":
            assert problems(doc) == []
    elif fmt == "csv":
        rows = list(csv.reader(io.StringIO(data)))
        assert rows[0] == [TITLE.replace("\udcff", "\ufffd")]
    else:
        lines = data.split("\n")
        if which == "wordsearch":  # the fill's text is its grid, solve's its words
            assert lines[0] == _title_shown(TITLE).replace("\x1b", REPLACED)
        assert "\x1b" not in data and "\x01" not in data and "\x02" not in data


def test_text_keeps_a_title_with_a_line_feed_on_its_line(commands, tmp_path):
    r = run(commands["wordsearch"] + ["--title", "one\ntwo", "--format", "text"])
    assert r.exit_code == 0, r.output
    assert r.stdout.split("\n")[0] == f"one{REPLACED}two"


def test_pdf_refuses_a_control_character(commands, tmp_path):
    pytest.importorskip("reportlab")
    r, out = _output(commands, "boggle", "pdf", tmp_path)
    assert r.exit_code == 1
    assert "control character '\\x01'" in r.stderr
    assert r.stdout == "" and not out.exists()


def test_ipuz_solution_of_a_cell_no_entry_crosses_is_null(tmp_path):
    grid = tmp_path / "g.txt"
    grid.write_text("...\n###\n.##\n")
    words = tmp_path / "w.txt"
    words.write_text("cat\n")
    r = run(["crossword", "fill", grid, "-w", words, "-q", "--format", "ipuz"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert problems(doc) == []
    assert doc["solution"] == [["C", "A", "T"], ["#", "#", "#"], [None, "#", "#"]]
    for prow, srow in zip(doc["puzzle"], doc["solution"]):
        for p, s in zip(prow, srow):
            # a letter is one letter; a block in both grids
            assert s is None or s == "#" or (len(s) == 1 and s.isalpha())
            assert (p == "#") == (s == "#")
