"""dlxc's studio: a local web page where puzzle makers and constructors
build puzzles with dlxc's engines (``dlxc studio``; the ``studio`` extra).

- ``guard``: what the server lets in (its own Host and Origin, the run's
  token, bounded bodies);
- ``jobs``: engine work on worker threads, stoppable, bounded in time;
- ``rooms``: what each room asks of dlxc's models, in JSON terms;
- ``app``: the Starlette application, its routes and the page;
- ``static/``: the page itself (HTML, CSS and JavaScript, no build step,
  nothing loaded from the internet).
"""
