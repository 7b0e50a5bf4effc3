"""The studio's web application (Starlette): the page, its static files and
the JSON API the page calls.

    GET  /?token=T                 the page (sets the token's cookie)
    GET  /static/NAME              its script, style sheet and icons
    GET  /api/choices              themes, shapes, direction sets, dice, formats
    POST /api/wordsearch/preview   a job: the puzzle's page as SVG, and its answers
    POST /api/wordsearch/export?format=F   a job: the file (GET /api/jobs/ID/file)
    POST /api/boggle/roll          a board from a dice set
    POST /api/boggle/solve         a board's words and score
    POST /api/boggle/export?format=F   the board's page to hand out
    POST /api/crossword/pattern    a designed block pattern
    POST /api/crossword/candidates the words that fit the selected entry
    POST /api/crossword/fill       a job: autofill (of a region), the letters typed kept
    POST /api/crossword/stats      the grid's statistics and American checks
    POST /api/crossword/suggest    a job: the entry's words marked fillable or not
    POST /api/crossword/export?format=F   .puz, ipuz, PDF, HTML of the filled grid
    POST /api/crossword/save       the puzzle as NAME.json in the folder
    GET  /api/crossword/open?name=N   a saved puzzle or a grid file of the folder
    GET  /api/files                the folder's puzzles and word lists
    GET  /api/jobs/ID              a job's state (and result once done)
    DELETE /api/jobs/ID            stop a job
    GET  /api/jobs/ID/file         a finished export

Every request passes ``dlxc.studio.guard`` first.  Engine work runs on the
jobs' threads (``dlxc.studio.jobs``) or, for the short calls (a Boggle
board), on Starlette's thread pool: never on the event loop, so one slow
search never freezes the page.  A wrong request gets 400 and ``{"error":
"..."}``, one line the page shows; an unknown job 404.
"""

from __future__ import annotations

import contextlib
import json
import threading
from importlib import resources
from pathlib import Path
from typing import Any

from anyio import to_thread
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..base.errors import DlxcError, RequestError
from . import rooms
from .guard import COOKIE, BodyTooLarge, Guard, allowed_hosts
from .jobs import Busy, Jobs

STATIC = Path(str(resources.files("dlxc.studio") / "static"))
REQUEST_THREADS = 8  # threads for the short calls (a board's words, a list of words)
MAX_CONNECTIONS = 256  # requests in flight at once; more get 503 (uvicorn's limit)


class Studio:
    """One running studio: its folder, token, jobs and shared engines."""

    def __init__(self, folder: Path, token: str, host: str, port: int) -> None:
        self.folder = folder.resolve()
        self.token = token
        self.host, self.port = host, port
        self.jobs = Jobs()
        self._scorer = None
        self._scorer_lock = threading.Lock()
        self._pools: dict[tuple, Any] = {}
        self._pool_lock = threading.Lock()
        self.suggesters = rooms.Suggesters()

    def scorer(self):
        """The Boggle scorer over the default list, made on first use."""
        with self._scorer_lock:
            if self._scorer is None:
                from ..boggle.scoring import Boggle

                self._scorer = Boggle()
            return self._scorer

    def pool(self, lists) -> Any:
        """The word pool of the lists named (``default``: dlxc's list less
        its ban list; any other name: a word list in the folder), stacked
        as ``dlxc crossword fill -w`` stacks them; kept while the files
        are unchanged."""
        from ..crossword.wordlist import (
            banned_words,
            default_word_list,
            read_word_list,
            stacked,
            without,
        )

        if lists in (None, "", []):
            lists = ["default"]
        if not isinstance(lists, list) or not all(isinstance(x, str) for x in lists):
            raise RequestError("lists must be a list of word list names")
        if len(lists) > 5:
            raise RequestError("at most 5 word lists at once")
        key = []
        for name in lists:
            if name == "default":
                key.append((name, 0.0))
            else:
                path = rooms.inside(self.folder, name)
                if not path.is_file():
                    raise rooms.NotFound(f"no word list {name!r} in the studio's folder")
                key.append((name, path.stat().st_mtime))
        with self._pool_lock:
            pool = self._pools.get(tuple(key))
            if pool is None:
                parts = []
                for name, _ in key:
                    if name == "default":
                        parts.append(without(default_word_list(), banned_words())[0])
                    else:
                        parts.append(read_word_list(rooms.inside(self.folder, name)))
                pool = stacked(parts)
                if len(self._pools) >= 4:
                    self._pools.pop(next(iter(self._pools)))
                self._pools[tuple(key)] = pool
            return pool

    def close(self) -> None:
        self.jobs.close()
        self.suggesters.close()
        if self._scorer is not None:
            self._scorer.close()


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _json(request: Request) -> Any:
    try:
        body = await request.body()
    except BodyTooLarge:
        raise _Refused(413, "the request's body is too large") from None
    if not body:
        return {}
    try:
        args = json.loads(body)
    except (ValueError, RecursionError):
        raise _Refused(400, "the request's body is not JSON") from None
    if not isinstance(args, dict):
        raise _Refused(400, "the request's body must be a JSON object")
    return args


class _Refused(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def create_app(studio: Studio) -> Starlette:
    index = (STATIC / "index.html").read_text(encoding="utf-8")

    async def page(request: Request) -> Response:
        html = index.replace("{{TOKEN}}", studio.token)
        response = HTMLResponse(html, headers={"Cache-Control": "no-store"})
        response.set_cookie(COOKIE, studio.token, httponly=True, samesite="strict")
        return response

    async def choices(request: Request) -> Response:
        return JSONResponse(rooms.choices())

    def start(kind: str, work, args: Any) -> Response:
        try:
            job = studio.jobs.start(kind, work, user_error=(DlxcError,))
        except Busy as exc:
            return _error(429, str(exc))
        return JSONResponse({"job": job.id}, status_code=202)

    async def ws_preview(request: Request) -> Response:
        args = await _json(request)
        rooms.WordSearchRequest(args)  # a wrong request is answered now, not as a job

        def work(job):
            return rooms.wordsearch_preview(args, job.check, job.left)

        return start("wordsearch", work, args)

    async def ws_export(request: Request) -> Response:
        args = await _json(request)
        fmt = request.query_params.get("format", "pdf")
        if fmt not in rooms.EXPORTS:
            raise RequestError(f"format {fmt!r}: use one of {', '.join(rooms.EXPORTS)}")
        rooms.WordSearchRequest(args)

        def work(job):
            data = rooms.wordsearch_export(args, fmt, job.check, job.left)
            job.file = (data, rooms.EXPORTS[fmt], f"wordsearch.{fmt}")
            return {"bytes": len(data), "format": fmt}

        return start("export", work, args)

    async def bg_roll(request: Request) -> Response:
        args = await _json(request)
        return JSONResponse(rooms.boggle_roll(args))

    async def bg_solve(request: Request) -> Response:
        args = await _json(request)
        rooms.check_board(args)  # a wrong board is refused before the words are read
        scorer = await run_in_threadpool(studio.scorer)
        return JSONResponse(await run_in_threadpool(rooms.boggle_solve, args, scorer))

    async def bg_export(request: Request) -> Response:
        args = await _json(request)
        fmt = request.query_params.get("format", "pdf")
        scorer = await run_in_threadpool(studio.scorer)
        data = await run_in_threadpool(rooms.boggle_export, args, fmt, scorer)
        return _file(data, rooms.EXPORTS.get(fmt, "application/octet-stream"), f"boggle.{fmt}")

    async def xw_pattern(request: Request) -> Response:
        args = await _json(request)
        return JSONResponse(await run_in_threadpool(rooms.crossword_pattern, args))

    async def xw_candidates(request: Request) -> Response:
        args = await _json(request)
        rooms.check_slot(args)  # a wrong grid is refused before the lists are read

        def work():  # one trip to a thread: a keystroke's list waits on nothing else
            return rooms.crossword_candidates(args, studio.pool(args.get("lists")))

        return JSONResponse(await run_in_threadpool(work))

    async def xw_stats(request: Request) -> Response:
        args = await _json(request)
        return JSONResponse(await run_in_threadpool(rooms.crossword_stats, args))

    async def xw_suggest(request: Request) -> Response:
        args = await _json(request)
        rooms.check_suggest(args)  # a wrong request is answered now, not as a job
        pool = await run_in_threadpool(studio.pool, args.get("lists"))

        def work(job):
            return rooms.crossword_suggest(args, pool, job.check, job.left, studio.suggesters)

        return start("suggest", work, args)

    async def xw_fill(request: Request) -> Response:
        args = await _json(request)
        rooms.check_fill(args)
        rooms.crossword_region(rooms.crossword_grid(args), args)  # answered now, not as a job
        pool = await run_in_threadpool(studio.pool, args.get("lists"))

        def work(job):
            return rooms.crossword_fill(args, pool, job.check, job.left)

        return start("fill", work, args)

    async def xw_export(request: Request) -> Response:
        args = await _json(request)
        fmt = request.query_params.get("format", "puz")
        data = await run_in_threadpool(rooms.crossword_export, args, fmt)
        types = dict(rooms.EXPORTS, puz="application/octet-stream")
        return _file(data, types.get(fmt, "application/octet-stream"), f"crossword.{fmt}")

    async def xw_save(request: Request) -> Response:
        args = await _json(request)
        return JSONResponse(await run_in_threadpool(rooms.crossword_save, studio.folder, args))

    async def xw_open(request: Request) -> Response:
        name = request.query_params.get("name", "")
        return JSONResponse(await run_in_threadpool(rooms.crossword_open, studio.folder, name))

    async def files(request: Request) -> Response:
        return JSONResponse({"files": await run_in_threadpool(rooms.list_files, studio.folder)})

    async def job_state(request: Request) -> Response:
        job = studio.jobs.get(request.path_params["ident"])
        if job is None:
            return _error(404, "no such job (finished jobs are forgotten after a while)")
        return JSONResponse(job.view())

    async def job_stop(request: Request) -> Response:
        job = studio.jobs.cancel(request.path_params["ident"])
        if job is None:
            return _error(404, "no such job")
        return JSONResponse(job.view())

    async def job_file(request: Request) -> Response:
        job = studio.jobs.get(request.path_params["ident"])
        file = job.file if job is not None else None
        if file is None:
            return _error(404, "no such file (the export is not finished, or was forgotten)")
        return _file(*file)

    routes = [
        Route("/", page),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
        Route("/api/choices", choices),
        Route("/api/wordsearch/preview", ws_preview, methods=["POST"]),
        Route("/api/wordsearch/export", ws_export, methods=["POST"]),
        Route("/api/boggle/roll", bg_roll, methods=["POST"]),
        Route("/api/boggle/solve", bg_solve, methods=["POST"]),
        Route("/api/boggle/export", bg_export, methods=["POST"]),
        Route("/api/crossword/pattern", xw_pattern, methods=["POST"]),
        Route("/api/crossword/candidates", xw_candidates, methods=["POST"]),
        Route("/api/crossword/fill", xw_fill, methods=["POST"]),
        Route("/api/crossword/stats", xw_stats, methods=["POST"]),
        Route("/api/crossword/suggest", xw_suggest, methods=["POST"]),
        Route("/api/crossword/export", xw_export, methods=["POST"]),
        Route("/api/crossword/save", xw_save, methods=["POST"]),
        Route("/api/crossword/open", xw_open, methods=["GET"]),
        Route("/api/files", files, methods=["GET"]),
        Route("/api/jobs/{ident}", job_state, methods=["GET"]),
        Route("/api/jobs/{ident}", job_stop, methods=["DELETE"]),
        Route("/api/jobs/{ident}/file", job_file, methods=["GET"]),
    ]

    async def user_error(request: Request, exc: Exception) -> Response:
        status = 404 if isinstance(exc, rooms.NotFound) else 400
        return _error(409 if isinstance(exc, rooms.Conflict) else status, str(exc))

    async def refused(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, _Refused)
        return _error(exc.status, str(exc))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        # the short calls share REQUEST_THREADS threads; more wait their turn
        to_thread.current_default_thread_limiter().total_tokens = REQUEST_THREADS
        yield
        studio.close()  # stop the jobs: nothing runs on after the server

    return Starlette(
        routes=routes,
        exception_handlers={DlxcError: user_error, _Refused: refused},
        lifespan=lifespan,
    )


def guarded_app(studio: Studio):
    """The application behind the guard: what the server runs."""
    return Guard(create_app(studio), studio.token, allowed_hosts(studio.host, studio.port))


def _file(data: bytes, media_type: str, name: str) -> Response:
    return Response(
        data,
        media_type=media_type,
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )
