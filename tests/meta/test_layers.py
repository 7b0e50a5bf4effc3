"""The house's layers: no module imports a module above it (tests/layers.py
reads the imports from the source)."""

from __future__ import annotations

import layers


def test_no_module_imports_upward():
    assert layers.violations() == []


def test_every_module_has_a_layer():
    # a new module must be placed in layers.ORDER before it can be checked
    assert set(layers.modules()) <= set(layers.RANK)


def test_the_checker_sees_an_upward_import(tmp_path, monkeypatch):
    # the check can fail: an engine module that imported the CLI is caught
    fake = tmp_path / "dlxc" / "xcc" / "engines"
    fake.mkdir(parents=True)
    (tmp_path / "dlxc" / "__init__.py").write_text("")
    (fake.parent / "__init__.py").write_text("")
    (fake / "__init__.py").write_text("")
    (fake / "dlx2.py").write_text("from ...cli import common\n")
    (tmp_path / "dlxc" / "cli").mkdir()
    (tmp_path / "dlxc" / "cli" / "__init__.py").write_text("")
    (tmp_path / "dlxc" / "cli" / "common.py").write_text("")
    monkeypatch.setattr(layers, "ROOT", tmp_path)
    monkeypatch.setattr(layers, "PACKAGE", tmp_path / "dlxc")
    assert any(
        "dlxc.xcc.engines.dlx2 (engines" in v and "imports dlxc.cli.common" in v
        for v in layers.violations()
    )


def test_the_checker_sees_an_upward_import_for_types_only(tmp_path, monkeypatch):
    # an import under TYPE_CHECKING is a dependency too: a service that names
    # the problem above it, even for type checking only, is caught
    fake = tmp_path / "dlxc" / "xcc"
    fake.mkdir(parents=True)
    (tmp_path / "dlxc" / "__init__.py").write_text("")
    (fake / "__init__.py").write_text("")
    (fake / "problem.py").write_text("")
    (fake / "search.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .problem import Problem\n"
    )
    monkeypatch.setattr(layers, "ROOT", tmp_path)
    monkeypatch.setattr(layers, "PACKAGE", tmp_path / "dlxc")
    assert any(
        "dlxc.xcc.search (services" in v and "imports for types only dlxc.xcc.problem" in v
        for v in layers.violations()
    )
