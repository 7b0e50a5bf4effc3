"""A small client of Firefox's Marionette protocol, for the studio's tests
in Firefox without geckodriver: Firefox started with ``--marionette``
listens on a local port, and each command is a length-prefixed JSON list
``[0, id, name, params]`` answered by ``[1, id, error, result]`` (the
WebDriver commands, named ``WebDriver:...``).

    with Firefox(profile_dir) as ff:
        ff.navigate(url)
        ff.click("#some-button")
        ff.script("return document.title")
"""

from __future__ import annotations

import base64
import json
import shutil
import socket
import subprocess
import time
from pathlib import Path
from typing import Any, Optional

FIREFOX = shutil.which("firefox-esr") or shutil.which("firefox")
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"  # the WebDriver element reference's key

PREFS = {
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.startup.page": 0,
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "app.update.disabledForTesting": True,
    "network.captive-portal-service.enabled": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "extensions.update.enabled": False,
    "browser.download.folderList": 2,
    "browser.download.useDownloadDir": True,
    "browser.download.always_ask_before_handling_new_types": False,
    "browser.download.start_downloads_in_tmp_dir": False,
}


class MarionetteError(Exception):
    pass


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Firefox:
    """Headless Firefox with a fresh profile in ``profile``, driven over
    Marionette; downloads go to ``profile/downloads``."""

    def __init__(self, profile: Path, width: int = 1280, height: int = 860) -> None:
        if FIREFOX is None:
            raise MarionetteError("no firefox-esr or firefox on the PATH")
        self.profile = Path(profile)
        self.downloads = self.profile / "downloads"
        self.downloads.mkdir(parents=True, exist_ok=True)
        self.port = _free_port()
        prefs = dict(PREFS, **{"marionette.port": self.port})
        prefs["browser.download.dir"] = str(self.downloads)
        (self.profile / "user.js").write_text(
            "".join(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in prefs.items())
        )
        self.proc = subprocess.Popen(
            [
                FIREFOX,
                "--headless",
                "--marionette",
                "--no-remote",
                "--profile",
                str(self.profile),
                f"--width={width}",
                f"--height={height}",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.sock: Optional[socket.socket] = None
        self._id = 0
        self._buf = b""
        try:
            self._connect()
            self.command("WebDriver:NewSession", {"capabilities": {}})
            self.command("WebDriver:SetWindowRect", {"width": width, "height": height})
        except BaseException:
            self.close()
            raise

    def _connect(self, seconds: float = 60.0) -> None:
        end = time.monotonic() + seconds
        while True:
            try:
                self.sock = socket.create_connection(("127.0.0.1", self.port), timeout=5)
                break
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > end:
                    raise MarionetteError("Firefox did not open its Marionette port") from None
                time.sleep(0.2)
        self.sock.settimeout(120)
        self._read()  # the greeting: the protocol's level

    def _read(self) -> Any:
        assert self.sock is not None
        while b":" not in self._buf:
            self._more()
        size, _, rest = self._buf.partition(b":")
        n = int(size)
        self._buf = rest
        while len(self._buf) < n:
            self._more()
        body, self._buf = self._buf[:n], self._buf[n:]
        return json.loads(body)

    def _more(self) -> None:
        assert self.sock is not None
        data = self.sock.recv(1 << 16)
        if not data:
            raise MarionetteError("Firefox closed the connection")
        self._buf += data

    def command(self, name: str, params: Optional[dict] = None) -> Any:
        assert self.sock is not None
        self._id += 1
        msg = json.dumps([0, self._id, name, params or {}]).encode()
        self.sock.sendall(str(len(msg)).encode() + b":" + msg)
        while True:
            kind, ident, error, result = self._read()
            if kind == 1 and ident == self._id:
                break
        if error:
            raise MarionetteError(f"{name}: {error.get('error')}: {error.get('message')}")
        return result

    # ---- what the tests use
    def navigate(self, url: str) -> None:
        self.command("WebDriver:Navigate", {"url": url})

    def script(self, body: str, *args: Any) -> Any:
        # no sandbox: the page's own scope, its top-level names included
        params = {"script": body, "args": list(args), "sandbox": None}
        return self.command("WebDriver:ExecuteScript", params)["value"]

    def find(self, css: str) -> str:
        found = self.command("WebDriver:FindElement", {"using": "css selector", "value": css})
        return found["value"][ELEMENT]

    def click(self, css: str) -> None:
        self.command("WebDriver:ElementClick", {"id": self.find(css)})

    def keys(self, css: str, text: str) -> None:
        self.command("WebDriver:ElementSendKeys", {"id": self.find(css), "text": text})

    def screenshot(self, path: Path) -> None:
        data = self.command("WebDriver:TakeScreenshot", {"full": True})["value"]
        Path(path).write_bytes(base64.b64decode(data))

    def wait(self, body: str, seconds: float = 30.0, what: str = "the page") -> Any:
        """Until the script ``body`` returns something true; that value."""
        end = time.monotonic() + seconds
        while True:
            value = self.script(body)
            if value:
                return value
            if time.monotonic() > end:
                raise AssertionError(f"Firefox: waited {seconds:g} s for {what}")
            time.sleep(0.1)

    def close(self) -> None:
        if self.sock is not None:
            try:
                self.command("Marionette:Quit", {"flags": ["eForceQuit"]})
            except (OSError, MarionetteError):
                pass
            self.sock.close()
            self.sock = None
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()

    def __enter__(self) -> Firefox:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
