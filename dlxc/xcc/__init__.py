"""The XCC engine room: Knuth's Algorithm C (exact covering with colors).

From the bottom up: the C core's binding (``_cbackend``) and its pure-Python
``mirror``, with ``backend`` choosing between them; ``search``, the engine
on the runner of ``dlxc.base.runner`` (limits, progress, Ctrl-C); the services
on it: ``parallel`` (--jobs), ``distributed`` (Dask), ``estimate`` (random
probes), ``sampling`` (uniform draws) and ``count``, the one place that
decides how a count runs; then ``problem`` (the data model, whose solving
methods hand over to those services) and ``dlxformat`` (Knuth's text format).
The services know a problem only by its arrays, so none of them imports
``problem`` except for type checking.
"""
