"""Build the translations: ``python -m desktop.i18n_build`` (the install step runs it).

Runs ``pyside6-lrelease`` over ``i18n/*.ts`` into ``desktop/i18n_qm/nas_<lang>.qm`` (not in git).
``--refresh`` first runs ``pyside6-lupdate`` over ``desktop/`` to add new source strings to every
``.ts`` file (then translate them, e.g. in ``pyside6-linguist``).
"""
from __future__ import annotations

import argparse
import glob
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TS_DIR = os.path.join(ROOT, "i18n")
DESKTOP_DIR = os.path.join(ROOT, "desktop")
QM_DIR = os.path.join(DESKTOP_DIR, "i18n_qm")


def languages(ts_dir: str = TS_DIR) -> list[str]:
    """The languages with a catalogue in ``i18n/`` (``nas_<code>.ts``): adding a file adds one."""
    return sorted(os.path.basename(p)[len("nas_"):-len(".ts")] for p in glob.glob(os.path.join(ts_dir, "nas_*.ts")))


def tool(name: str) -> str:
    """A PySide6 tool from the same environment as this Python, else from PATH."""
    here = os.path.join(os.path.dirname(sys.executable), name)
    if os.path.exists(here):
        return here
    found = shutil.which(name)
    if found is None:
        raise SystemExit(f"{name} not found: install PySide6 in this environment")
    return found


def source_files(desktop_dir: str = DESKTOP_DIR) -> list[str]:
    return sorted(p for p in glob.glob(os.path.join(desktop_dir, "**", "*.py"), recursive=True)
                  if "i18n_qm" not in p)


def lupdate(ts_files: list[str], desktop_dir: str = DESKTOP_DIR, no_obsolete: bool = True) -> str:
    """Refresh ``ts_files`` from the sources; returns lupdate's report."""
    cmd = [tool("pyside6-lupdate"), *source_files(desktop_dir)]
    if no_obsolete:
        cmd.append("-no-obsolete")
    cmd += ["-locations", "none", "-ts", *ts_files]
    done = subprocess.run(cmd, check=True, capture_output=True, text=True)
    return done.stdout + done.stderr


def lrelease(ts_dir: str = TS_DIR, qm_dir: str = QM_DIR) -> list[str]:
    os.makedirs(qm_dir, exist_ok=True)
    built = []
    for ts in sorted(glob.glob(os.path.join(ts_dir, "nas_*.ts"))):
        qm = os.path.join(qm_dir, os.path.basename(ts)[:-3] + ".qm")
        subprocess.run([tool("pyside6-lrelease"), ts, "-qm", qm], check=True, capture_output=True, text=True)
        built.append(qm)
    return built


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m desktop.i18n_build", description=__doc__.splitlines()[0])
    parser.add_argument("--refresh", action="store_true", help="run lupdate over desktop/ first")
    args = parser.parse_args(argv)
    if args.refresh:
        print(lupdate([os.path.join(TS_DIR, f"nas_{lang}.ts") for lang in languages()]))
    for qm in lrelease():
        print(qm)
    return 0


if __name__ == "__main__":
    sys.exit(main())
