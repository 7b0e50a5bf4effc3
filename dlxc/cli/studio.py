"""``dlxc studio``: the studio's web server on this machine's loopback
address, its page opened in the browser."""

from __future__ import annotations

import ipaddress
import os
import socket
import sys
import threading
import webbrowser
from pathlib import Path
from typing import Optional

import click

from .common import user_errors

NEEDS = "the studio needs the studio extra: pip install 'dlxc[studio]'"


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _free_port(host: str) -> int:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.bind((host.strip("[]"), 0))
        return s.getsockname()[1]


@click.command(
    epilog="Exit status: 0 when stopped (Ctrl-C), 1 when the server cannot start or "
    "the studio extra is missing, 2 usage error."
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=0,
    show_default=True,
    help="The port to listen on (0: a free one).",
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="The address to listen on; only loopback addresses unless --allow-remote.",
)
@click.option(
    "--allow-remote",
    is_flag=True,
    help="Allow --host to be an address other machines can reach (anyone who has "
    "the printed address, token included, can then use the studio and its folder).",
)
@click.option("--no-browser", is_flag=True, help="Print the address; do not open a browser.")
@user_errors
def studio(port: int, host: str, allow_remote: bool, no_browser: bool) -> None:
    """Start the studio: a page in your browser to build crosswords, word
    searches and Boggle boards with dlxc's engines.

    The server listens on this machine's loopback address only, answers
    only its own page (a per-run token in the printed address), reads and
    writes files only in the folder it was started in, and stops with
    Ctrl-C.
    """
    try:
        import uvicorn

        from ..studio.app import MAX_CONNECTIONS, Studio, guarded_app
        from ..studio.guard import new_token
    except ImportError:
        raise click.ClickException(NEEDS) from None
    if not _loopback(host):
        if not allow_remote:
            raise click.UsageError(
                f"--host {host} is not a loopback address: other machines could reach the "
                "studio; add --allow-remote if that is what you want"
            )
        click.echo(
            f"warning: listening on {host}: anyone who can reach it and has the address "
            "printed below can use the studio and the files of this folder",
            err=True,
        )
    try:
        port = port or _free_port(host)
    except OSError as exc:
        raise click.ClickException(f"cannot listen on {host}: {exc.strerror or exc}") from None
    token = new_token()
    st = Studio(Path(os.getcwd()), token, host, port)
    shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
    url = f"http://{shown}:{port}/?token={token}"
    click.echo(f"dlxc studio: {url}  (Ctrl-C stops it)", err=True)
    config = uvicorn.Config(
        guarded_app(st),
        host=host.strip("[]"),
        port=port,
        log_level="warning",
        lifespan="on",
        timeout_graceful_shutdown=2,
        limit_concurrency=MAX_CONNECTIONS,
    )
    server = uvicorn.Server(config)
    if not no_browser:
        threading.Timer(0.5, _open, (url,)).start()
    server.run()
    if not server.started:
        st.close()
        raise click.ClickException(f"the studio could not listen on {host}:{port}")


def _open(url: str) -> None:
    try:
        webbrowser.open(url)
    except Exception:  # no browser here: the address is printed
        print("no browser to open; open the address above", file=sys.stderr)


def needs_extra() -> Optional[str]:
    """The line to print when the studio extra is missing, else None."""
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        return NEEDS
    return None
