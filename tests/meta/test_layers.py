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
