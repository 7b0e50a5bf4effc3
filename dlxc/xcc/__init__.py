"""The XCC engine room: Knuth's Algorithm C (exact covering with colors).

``problem`` (the data model), ``dlxformat`` (Knuth's text format),
``backend`` (the choice between the C core, ``_cbackend``, and its
pure-Python ``mirror``), ``search`` (the lazy, resumable search), and the
services built on it: ``parallel`` (--jobs), ``distributed`` (Dask),
``estimate`` (random probes) and ``sampling`` (uniform draws).
"""
