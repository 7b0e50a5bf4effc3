"""The toolkit under every engine of dlxc: errors, file reading, progress,
the compiled extension and the choice of backend, argument checks.

Nothing here imports an engine; every engine and command imports from here.
"""
