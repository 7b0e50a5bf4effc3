"""The XCC engine room: Knuth's Algorithm C (exact covering with colors).

From the bottom up: ``engines``, the three strategies of search (dlx2,
ssxcc, bits), each a C handle class in ``_cbackend`` and a pure-Python
mirror of the same shape in ``engines/<strategy>.py``, with the table of
what each can do and the one place that picks a class; ``search``, the
engine on the runner of ``dlxc.base.runner`` (limits, progress, Ctrl-C); the services
on it: ``parallel`` (--jobs), ``distributed`` (Dask), ``estimate`` (random
probes), ``sampling`` (uniform draws) and ``count``, the one place that
decides how a count runs; ``best``, the k cheapest solutions of a problem
whose options have costs (DLX5's search, ``engines.cost``); then
``problem`` (the data model, whose solving methods hand over to those
services) and ``dlxformat`` (Knuth's text format).
The services know a problem only as ``view.ProblemView`` (its names and
arrays), so none of them imports ``problem``, not even for type checking.
"""
