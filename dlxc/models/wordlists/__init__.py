"""Word lists dlxc ships inside the package, for commands that have a
default list: ENABLE2K (enable2k.txt, public domain; see ENABLE2K-NOTICE.txt),
the default of ``dlxc boggle``; the crossword fill's default list
(crossword-scored.txt, CC BY-SA 4.0; see CROSSWORD-SCORED-NOTICE.txt) and
its ban list (crossword-banned.txt).  ``dlxc example`` lists the crossword
lists among its word lists, by the paths of these files (no second copy)."""
