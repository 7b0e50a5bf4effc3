"""Themed word lists (ENTRY;clue a line) for ``dlxc wordsearch --theme``."""
