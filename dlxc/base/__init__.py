"""The toolkit under every engine of dlxc: errors, file reading, progress,
the compiled extension and the choice of backend, argument checks, the
time-sliced runner (``runner``: slices, limits, Ctrl-C), worker processes
(``pool``) and the way onto a Dask cluster (``cluster``).

Nothing here imports an engine; every engine and command imports from here.
"""
