"""`dlxc --help` lists the commands without importing them (dlxc/cli/__init__.py
keeps the first sentence of each command's help), and the list is the one
click would make from the commands themselves."""

from __future__ import annotations

import subprocess
import sys

import click
import pytest

from dlxc.cli import _COMMANDS, main


def loaded(name: str) -> click.Command:
    return main.get_command(click.Context(main), name)


@pytest.mark.parametrize("name", sorted(_COMMANDS))
def test_kept_sentence_is_the_commands_own(name):
    command = loaded(name)
    assert command.name == name and command.short_help is None
    for limit in (20, 45, 80, 300):
        kept = click.Command(name, help=_COMMANDS[name][1])
        assert kept.get_short_help_str(limit) == command.get_short_help_str(limit)


def test_list_equals_clicks_own():
    for name in _COMMANDS:
        loaded(name)
    for width in (60, 80, 120):
        ours, clicks = click.HelpFormatter(width=width), click.HelpFormatter(width=width)
        ctx = click.Context(main)
        main.format_commands(ctx, ours)
        click.Group.format_commands(main, ctx, clicks)
        assert ours.getvalue() == clicks.getvalue()
        assert all(f"  {name} " in ours.getvalue() for name in _COMMANDS)


def test_help_imports_no_command():
    code = (
        "import sys\nfrom dlxc.cli import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit as exc:\n    assert exc.code == 0\n"
        "print(sorted(m for m in sys.modules if m.startswith('dlxc.cli.')), file=sys.stderr)"
    )
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert "Commands:" in res.stdout and "wordsearch" in res.stdout
    assert res.stderr.strip() == "[]"
