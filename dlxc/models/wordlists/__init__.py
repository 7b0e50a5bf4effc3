"""Word lists dlxc ships inside the package, for commands that have a
default list: ENABLE2K (enable2k.txt, public domain; see ENABLE2K-NOTICE.txt),
the default of ``dlxc boggle``."""
