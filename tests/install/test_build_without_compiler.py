"""dlxc without its C extension: it installs, runs, and says why and what to do.

Two ways to end up on the pure-Python engine, both checked in a subprocess
that sees only a copy of the source (``python -S``, so that no ``.pth``
file, such as an editable install's finder, can lead it to the extension
built in this checkout):

- an install made where no C compiler works (``CC=/nonexistent``): the
  build warns once and succeeds, and dlxc counts on the python backend;
- Python started in a source checkout whose extension was never built: the
  warning names the directory and says ``pip install -e .``.
"""

from __future__ import annotations

import atexit
import functools
import importlib.machinery
import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WS4 = ROOT / "dlxc" / "puzzles" / "dlx" / "abel-land-4x4.dlx"  # 112 solutions
_NOT_SOURCE = shutil.ignore_patterns(
    "*.so", "*.pyd", "__pycache__", "_dlxc_cffi.c", "build", "*.egg-info"
)


def _copy_source(dest: Path, *, checkout: bool) -> Path:
    """dlxc's source without any build products; with ``checkout`` also the
    files that make it a source checkout (build_ext.py, csrc/, setup.py...)."""
    dest.mkdir(parents=True, exist_ok=True)
    shutil.copytree(ROOT / "dlxc", dest / "dlxc", ignore=_NOT_SOURCE)
    if checkout:
        shutil.copytree(ROOT / "csrc", dest / "csrc", ignore=_NOT_SOURCE)
        shutil.copytree(ROOT / "scripts", dest / "scripts", ignore=_NOT_SOURCE)
        for name in (
            "setup.py",
            "build_ext.py",
            "pyproject.toml",
            "README.md",
            "LICENSE",
            "MANIFEST.in",
        ):
            shutil.copy2(ROOT / name, dest / name)
    return dest


@functools.cache
def _site_without_dlxc() -> str:
    """This interpreter's site-packages (cffi, click, tqdm) less any dlxc
    installed there: a folder of links to everything else.  A dlxc that
    ``pip install .`` put there would be found first by a checkout that
    looks for an installed copy of its version (tests/install/
    test_checkout_shadow.py), where these tests want none."""
    links = Path(tempfile.mkdtemp(prefix="site-without-dlxc-"))
    atexit.register(shutil.rmtree, links, ignore_errors=True)
    for key in ("purelib", "platlib"):
        site = Path(sysconfig.get_paths()[key])
        for entry in site.iterdir() if site.is_dir() else ():
            name = entry.name.lower()
            if (
                name == "dlxc"
                or name.startswith(("dlxc-", "__editable__"))
                or name.endswith(".pth")
            ):
                continue
            if not (links / entry.name).exists():
                (links / entry.name).symlink_to(entry)
    return str(links)


def _isolated_env(*first: Path) -> dict:
    """An environment whose Python sees ``first`` and then only this
    interpreter's site-packages (for cffi, click, tqdm) less any installed
    dlxc, used with -S."""
    paths = [str(p) for p in first]
    paths.append(_site_without_dlxc())
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DLXC_BACKEND", "PYTHONPATH", "PYTHONWARNINGS")
    }
    env["PYTHONPATH"] = os.pathsep.join(paths)
    return env


def _python(args, cwd: Path, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-S", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300
    )


_SHOW = (
    "import warnings, dlxc\n"
    "with warnings.catch_warnings(record=True) as w:\n"
    "    warnings.simplefilter('always')\n"
    "    print(dlxc.active_backend())\n"
    "print('\\n'.join(str(x.message) for x in w))\n"
)


def test_source_checkout_without_extension_says_why(tmp_path):
    # Python started at the root of a checkout imports its dlxc/, which
    # has no compiled extension: the warning says where and what to do.
    root = _copy_source(tmp_path / "checkout", checkout=True)
    out = _python(["-c", _SHOW], cwd=root, env=_isolated_env(root))
    assert out.returncode == 0, out.stderr
    backend, message = out.stdout.split("\n", 1)
    assert backend == "python"
    assert f"you are importing dlxc from {root / 'dlxc'}" in message
    assert "pip install -e ." in message
    assert "pure-Python engine" in message


def test_install_without_extension_says_why(tmp_path):
    # A dlxc/ that is not inside a checkout: installed without the
    # extension, so the advice is a compiler and a reinstall.
    site = _copy_source(tmp_path / "site", checkout=False)
    out = _python(["-c", _SHOW], cwd=tmp_path, env=_isolated_env(site))
    assert out.returncode == 0, out.stderr
    backend, message = out.stdout.split("\n", 1)
    assert backend == "python"
    assert "installed without its C extension" in message
    assert "install a C compiler" in message


@pytest.mark.slow  # builds dlxc from its sources
def test_pip_install_without_compiler(tmp_path):
    # `pip install .` with CC naming a missing compiler: the build says
    # once why the extension is missing and succeeds; the installed dlxc
    # counts on the python backend and says so.
    src = _copy_source(tmp_path / "src", checkout=True)
    target = tmp_path / "target"
    env = {k: v for k, v in os.environ.items() if k != "DLXC_REQUIRE_C"}
    env["CC"] = "/nonexistent/cc"
    build = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-v",
            "--no-deps",
            "--no-input",
            "--target",
            str(target),
            str(src),
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    log = build.stdout + build.stderr
    assert build.returncode == 0, log[-3000:]
    assert log.count("WARNING: dlxc's C extension could not be built") == 1, log[-3000:]
    installed = sorted(p.name for p in (target / "dlxc").iterdir())
    assert "cli" in installed and not any(
        n.startswith(("_dlxc_cffi", "_lexfast")) for n in installed
    )
    # one warning names every extension that could not be built
    assert "(dlxc._lexfast, dlxc._dlxc_cffi: " in log, log[-3000:]

    run = _python(
        [
            "-c",
            "import sys; sys.argv[0] = 'dlxc'; from dlxc.cli import main; main()",
            "count",
            "--json",
            str(WS4),
        ],
        cwd=tmp_path,
        env=_isolated_env(target),
    )
    assert run.returncode == 0, run.stderr
    assert '"solutions": 112' in run.stdout
    assert '"backend": "python"' in run.stdout
    assert "installed without its C extension" in run.stderr
    assert run.stderr.count("pure-Python engine") == 1


@pytest.mark.slow
@pytest.mark.slow  # builds dlxc from its sources
def test_sdist_carries_the_c_sources(tmp_path):
    # The sdist must let a machine with a compiler build the extension.
    build_meta = pytest.importorskip("setuptools.build_meta")
    del build_meta
    src = _copy_source(tmp_path / "src", checkout=True)
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            "from setuptools import build_meta; print(build_meta.build_sdist('dist'))",
        ],
        cwd=src,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    name = out.stdout.strip().splitlines()[-1]
    with tarfile.open(src / "dist" / name) as sdist:
        members = {m.name.split("/", 1)[1] for m in sdist.getmembers() if "/" in m.name}
    for needed in (
        "setup.py",
        "build_ext.py",
        "pyproject.toml",
        "csrc/xcc/dlxc.h",
        "csrc/xcc/dlx2.c",
        "dlxc/base/native.py",
    ):
        assert needed in members


@pytest.mark.slow
@pytest.mark.slow  # builds dlxc from its sources
def test_editable_install_gives_c_at_the_checkout_root(tmp_path):
    # `pip install -e .` builds the extension in place, so Python started at
    # the root of the checkout (which imports the checkout's dlxc/) runs on C.
    if shutil.which(os.environ.get("CC", "cc")) is None and shutil.which("gcc") is None:
        pytest.skip("no C compiler here")
    src = _copy_source(tmp_path / "checkout", checkout=True)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = venv / "bin" / "python"
    build = subprocess.run(
        [str(python), "-m", "pip", "install", "--no-deps", "--no-input", "-e", str(src)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert build.returncode == 0, (build.stdout + build.stderr)[-3000:]
    # the runtime dependencies (cffi, click, tqdm) from this interpreter
    # and without the suite's PYTHONSAFEPATH: this Python is to start as a
    # user's does at the root of a checkout, with the current directory first
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DLXC_BACKEND", "PYTHONPATH", "PYTHONSAFEPATH")
    }
    env["PYTHONPATH"] = os.pathsep.join(sysconfig.get_paths()[k] for k in ("purelib", "platlib"))
    out = subprocess.run(
        [str(python), "-c", "import dlxc; print(dlxc.active_backend()); print(dlxc.__file__)"],
        cwd=src,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    backend, where = out.stdout.split()
    assert backend == "c", out.stderr
    assert Path(where).parent == src / "dlxc"


def test_a_build_removes_the_other_names_of_its_extension(tmp_path):
    """python build_ext.py writes the cffi extension under pip install -e's
    name and removes the longer name an older build left, which Python would
    load instead."""
    sys.path.insert(0, str(ROOT))
    try:
        from build_ext import inplace_target, remove_shadowed
    finally:
        sys.path.remove(str(ROOT))
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    assert any(inplace_target() == "_dlxc_cffi" + s for s in suffixes)
    names = [f"_dlxc_cffi{s}" for s in suffixes] + [
        "_dlxc_cffi.c",
        "_dlxc_cffi.o",
        "_lexfast" + suffixes[0],
    ]
    for name in names:
        (tmp_path / name).write_text("")
    remove_shadowed(str(tmp_path / f"_dlxc_cffi{suffixes[-1]}"))
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [f"_dlxc_cffi{suffixes[-1]}", "_dlxc_cffi.c", "_dlxc_cffi.o", "_lexfast" + suffixes[0]]
    )
