"""Python started at the root of a source checkout whose extension was never
built, with a compiled dlxc of the same version installed (``pip install .``):
the checkout's dlxc/ comes first on sys.path, and loads its submodules from
the installed copy, so the C engines run, not the pure-Python mirrors."""

from __future__ import annotations

import importlib.machinery
import shutil
import subprocess
import sys

import pytest
from test_build_without_compiler import ROOT, _copy_source, _isolated_env

_SHOW = (
    "import warnings, dlxc\n"
    "warnings.simplefilter('error')\n"
    "print(dlxc.active_backend())\n"
    "from dlxc.xcc import problem\n"
    "print(problem.__file__)\n"
)


def _built() -> bool:
    return any(
        (ROOT / "dlxc" / f"_dlxc_cffi{s}").is_file() for s in importlib.machinery.EXTENSION_SUFFIXES
    )


def _installed_copy(dest, *, version=None):
    """This checkout's dlxc/ with its compiled extension, as pip would
    install it (no build_ext.py beside it)."""
    shutil.copytree(
        ROOT / "dlxc", dest / "dlxc", ignore=shutil.ignore_patterns("__pycache__", "*.c")
    )
    if version is not None:
        (dest / "dlxc" / "_version.py").write_text(f'__version__ = "{version}"\n')
    return dest


def _run(root, site):
    return subprocess.run(
        [sys.executable, "-S", "-c", _SHOW],
        cwd=root,
        env=_isolated_env(root, site),  # the checkout first, as the current directory is
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.skipif(not _built(), reason="this checkout's extension is not built")
def test_checkout_root_runs_the_installed_c_engine(tmp_path):
    root = _copy_source(tmp_path / "checkout", checkout=True)
    site = _installed_copy(tmp_path / "site")
    out = _run(root, site)
    assert out.returncode == 0, out.stderr
    backend, where = out.stdout.split()
    assert backend == "c", out.stderr
    assert where.startswith(str(site / "dlxc")), where


@pytest.mark.skipif(not _built(), reason="this checkout's extension is not built")
def test_an_installed_copy_of_another_version_is_not_used(tmp_path):
    # the checkout's code and the installed copy's may differ: the mirror
    # runs, and says why (tests/install/test_build_without_compiler.py)
    root = _copy_source(tmp_path / "checkout", checkout=True)
    site = _installed_copy(tmp_path / "site", version="0.0.1")
    out = _run(root, site)
    assert out.returncode != 0  # the warning about the mirror, made an error
    assert "you are importing dlxc from" in out.stderr
