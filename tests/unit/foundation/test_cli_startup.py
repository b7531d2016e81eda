"""`nas --help` and simple commands start without the heavy libraries.

Building the parser imports every ``server/cli/*_cmd.py`` module; if one of them imports Nameko's
containers, eventlet, SQLAlchemy, Alembic, Qt or the demo at module level, every ``nas`` command
pays for it (it used to be 1.6-2 s). This checks what got imported, not how long it took, so it
holds on a loaded machine; ``bench/cli_bench.py`` measures the time.
"""
import json
import subprocess
import sys

import pytest

# Top-level packages (and our own modules) a parser or a simple command must not import.
HEAVY = ("eventlet", "sqlalchemy", "alembic", "PySide6", "shiboken6", "requests", "urllib3", "kombu", "amqp",
         "psycopg", "warcio", "whoosh", "watchdog", "tqdm", "cryptography", "pkg_resources",
         "server.demo", "server.db", "server.runtime.instance", "desktop")
# shared.errors registers each typed error with Nameko's exception registry (so RPC callers get the
# class back): that imports nameko.exceptions, a few milliseconds. Nothing else of Nameko may load.
NAMEKO_ALLOWED = {"nameko", "nameko.exceptions"}

PROBE = """
import json, sys
from server.cli.main import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print("\\n@@MODULES@@" + json.dumps(sorted(sys.modules)))
"""


def loaded_modules(*argv: str) -> list[str]:
    r = subprocess.run([sys.executable, "-c", PROBE, *argv], capture_output=True, text=True, timeout=120)
    assert "@@MODULES@@" in r.stdout, r.stderr
    return json.loads(r.stdout.rsplit("@@MODULES@@", 1)[1])


def heavy(modules: list[str]) -> list[str]:
    bad = [m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY)]
    bad += [m for m in modules if m.split(".")[0] == "nameko" and m not in NAMEKO_ALLOWED]
    return bad


@pytest.mark.parametrize("argv", [
    ("--help",),
    ("--version",),
    ("db", "--help"),
    ("demo", "--help"),
    ("archive", "--help"),
    ("services", "--help"),
    ("domains", "--help"),
    ("config", "settings"),
], ids=" ".join)
def test_parser_and_simple_commands_import_no_heavy_library(argv):
    modules = loaded_modules(*argv)
    assert "server.cli.main" in modules  # the probe really ran the command line
    assert heavy(modules) == []


def test_the_probe_sees_a_heavy_import():
    # `nas db current` on a missing config imports SQLAlchemy before it fails: the probe must notice.
    modules = loaded_modules("db", "current", "harvest", "--config", "/nonexistent/nas.yaml")
    assert "sqlalchemy" in heavy(modules)


def test_a_command_that_calls_the_services_imports_neither_eventlet_nor_nameko_nor_kombu():
    """Curators run these all day: the one client (shared.client) speaks Nameko's protocol over
    py-amqp; here the broker is unreachable, so the command gets as far as connecting."""
    modules = loaded_modules("domains", "show", "kb.dk", "--amqp-uri", "amqp://guest:guest@127.0.0.1:1/",
                             "--timeout", "2")
    assert "shared.client" in modules and "amqp" in modules          # it really tried to connect
    bad = [m for m in modules if m.split(".")[0] in ("eventlet", "kombu", "sqlalchemy", "PySide6")]
    bad += [m for m in modules if m.split(".")[0] == "nameko" and m not in NAMEKO_ALLOWED]
    assert bad == []


def test_the_command_table_names_the_module_of_every_command():
    """main.COMMANDS lets a command import only its own module: it must say where every command
    is registered, or that command would be missing when named."""
    import argparse
    import importlib

    from server.cli import main

    registered = {}
    for name in main.command_modules():
        register = getattr(importlib.import_module(f"server.cli.{name}"), "register", None)
        if register is None:
            continue
        sub = argparse.ArgumentParser().add_subparsers()
        register(sub)
        registered.update({command: name for command in sub.choices})
    assert registered == main.COMMANDS


def test_a_command_builds_only_its_own_parsers():
    from server.cli import main

    assert set(main.build_parser(["jobs", "list"])._subparsers._group_actions[0].choices) == {"jobs", "scheduler"}
    assert set(main.build_parser(["--help"])._subparsers._group_actions[0].choices) == set(main.COMMANDS)


BAR_PROBE = """
import argparse, json, sys
from server.cli.common import NoBar, progress_bar
bars = [progress_bar(argparse.Namespace(no_progress=True), total=3),   # asked for none
        progress_bar(argparse.Namespace(), total=3)]                   # standard error is a pipe here
with bars[1] as bar:
    bar.update(3)
print(json.dumps([all(isinstance(b, NoBar) for b in bars), "tqdm" in sys.modules]))
"""


def test_a_progress_bar_nobody_sees_imports_no_tqdm():
    # tqdm's import and first bar cost 0.2-0.5 s of a `nas upload` (docs/decisions/archive-store-speed.md)
    r = subprocess.run([sys.executable, "-c", BAR_PROBE], capture_output=True, text=True, timeout=120)
    assert json.loads(r.stdout) == [True, False], r.stderr


def test_the_bar_nobody_sees_answers_everything_the_commands_ask_of_a_bar():
    # `nas export wacz --no-progress` once failed on NoBar.set_description: every attribute a
    # command uses on a bar (``bar.X`` in server/cli) must exist on NoBar too
    import pathlib
    import re

    from server.cli.common import NoBar

    cli = pathlib.Path(__file__).resolve().parents[3] / "server" / "cli"
    used = {m for f in cli.glob("*.py") for m in re.findall(r"\bbar\.(\w+)", f.read_text())}
    assert {"update", "set_description", "total"} <= used
    bar = NoBar()
    assert [name for name in sorted(used) if not hasattr(bar, name)] == []
    bar.total = 10
    bar.set_description("export")
    bar.update(3)
    bar.close()
