"""The source tree keeps the architecture's rules (docs/architecture.md), checked on the import
statements themselves (module level and inside functions alike), without importing anything:

- ``server/`` and ``shared/`` never import Qt or the desktop; ``shared/`` never imports ``server/``;
- a package reaches into another service's package only through the modules that package lists
  as public (``PUBLIC`` in its ``__init__.py``); infrastructure (``server.runtime``,
  ``server.db``, ``server.harvestdb``, ``server.settings_catalog``) and ``shared`` are open to all;
- the packages' import graph has no cycles.
"""
from __future__ import annotations

import ast
import functools
import pathlib
from collections import defaultdict

ROOT = pathlib.Path(__file__).resolve().parents[3]
INFRASTRUCTURE = {"server", "server.runtime", "server.db", "server.harvestdb", "server.settings_catalog"}
#: service packages nested inside another package (each is a unit of its own)
NESTED = {"server.archive": {"arcrepository", "bitarchive", "bitarchive_monitor", "checksum"}}


def _modules() -> dict[str, pathlib.Path]:
    out = {}
    for top in ("server", "shared", "desktop"):
        for path in (ROOT / top).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            out[name] = path
    return out


MODULES = _modules()


def unit(module: str) -> str:
    """The package a module belongs to for these rules: ``server.<pkg>`` (or a nested service
    package such as ``server.archive.bitarchive``), ``shared`` or ``desktop``."""
    parts = module.split(".")
    if parts[0] != "server" or len(parts) == 1:
        return parts[0]
    base = f"server.{parts[1]}"
    if len(parts) > 2 and parts[2] in NESTED.get(base, ()):
        return f"{base}.{parts[2]}"
    return base


@functools.cache  # each rule walks every file: parsed once per run, not once per rule (~40 s under load)
def _imports(path: pathlib.Path) -> tuple[tuple[str, int], ...]:
    """Every module this file imports: ``from a.b import c`` counts as ``a.b.c`` when that is a
    module of ours, else ``a.b``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(a.name, node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for a in node.names:
                full = f"{node.module}.{a.name}"
                found.append((full if full in MODULES else node.module, node.lineno))
    return tuple(found)


def _public(package: str) -> tuple[str, ...]:
    tree = ast.parse(MODULES[package].read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "PUBLIC" for t in node.targets):
            return tuple(ast.literal_eval(node.value))
    return ()


def _edges():
    for module, path in MODULES.items():
        for target, line in _imports(path):
            yield module, target, f"{path.relative_to(ROOT)}:{line}"


def test_server_and_shared_never_import_qt_or_the_desktop():
    bad = [f"{where}: {target}" for module, target, where in _edges()
           if unit(module) in ("server", "shared") or module.startswith("server.")
           if target.split(".")[0] in ("PySide6", "desktop", "shiboken6")]
    assert bad == []


def test_shared_never_imports_server():
    bad = [f"{where}: {target}" for module, target, where in _edges()
           if module.split(".")[0] == "shared" and target.split(".")[0] == "server"]
    assert bad == []


def test_packages_use_only_each_others_public_modules():
    bad = []
    for module, target, where in _edges():
        if target.split(".")[0] != "server" or target not in MODULES and not any(
                m.startswith(target + ".") for m in MODULES):
            continue
        src, dst = unit(module), unit(target)
        if src == dst or dst in INFRASTRUCTURE:
            continue
        rest = target[len(dst) + 1:].split(".")[0] if target != dst else ""
        if rest not in _public(dst):
            bad.append(f"{where}: {target} (public in {dst}: {', '.join(_public(dst)) or 'nothing'})")
    assert bad == []


def test_no_import_cycles_between_packages():
    graph: dict[str, set[str]] = defaultdict(set)
    for module, target, _ in _edges():
        if target.split(".")[0] in ("server", "shared", "desktop") and (
                target in MODULES or any(m.startswith(target + ".") for m in MODULES)):
            src, dst = unit(module), unit(target)
            if src != dst:
                graph[src].add(dst)
    cycles = _cycles(graph)
    assert cycles == [], "\n".join(" -> ".join(c) for c in cycles)


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one package (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_desktop_reaches_the_services_through_the_one_client_only():
    """The desktop calls through shared.client as the person signed in to the broker: no Nameko,
    no eventlet, and nothing at all of server/ (what it needs to know of the services, such as
    the roles each RPC declares, is in shared/)."""
    bad = [f"{where}: {target}" for module, target, where in _edges() if unit(module) == "desktop"
           if target.split(".")[0] in ("nameko", "eventlet", "kombu", "server")]
    assert bad == []


def test_callers_outside_the_services_use_the_one_client():
    """``nas`` commands reach the services through shared.client (server.cli.common), never
    through Nameko's standalone proxy."""
    bad = [f"{where}: {target}" for module, target, where in _edges()
           if module.startswith("server.cli.") and module not in ("server.cli.demo_cmd", "server.cli.services_cmd")
           if target.startswith("nameko.standalone") or target.split(".")[0] == "eventlet"]
    assert bad == []
