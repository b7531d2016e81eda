"""Translations: complete .ts files, nothing missing from them, live switching, locale formats."""
from __future__ import annotations

import glob
import os
import shutil
import xml.etree.ElementTree as ET

import pytest

from desktop import i18n_build

LANGS = ("en", "da", "de", "fr", "it")


def _problems(ts_path: str) -> list[str]:
    out = []
    root = ET.parse(ts_path).getroot()
    for ctx in root.iter("context"):
        cname = ctx.findtext("name")
        for msg in ctx.iter("message"):
            src = msg.findtext("source")
            tr = msg.find("translation")
            kind = tr.get("type") if tr is not None else "missing"
            forms = tr.findall("numerusform") if tr is not None else []
            text = "".join(f.text or "" for f in forms) if forms else (tr.text or "" if tr is not None else "")
            if kind in ("unfinished", "vanished", "obsolete", "missing") or not text.strip() or \
                    any(not (f.text or "").strip() for f in forms):
                out.append(f"{os.path.basename(ts_path)}: {cname}: {src!r} ({kind or 'empty'})")
            elif src.count("{") != text.count("{"):
                out.append(f"{os.path.basename(ts_path)}: {cname}: {src!r}: placeholders differ in {text!r}")
    return out


def test_every_language_has_a_ts_file():
    present = {os.path.basename(p)[4:-3] for p in glob.glob(os.path.join(i18n_build.TS_DIR, "nas_*.ts"))}
    assert present == set(LANGS)


@pytest.mark.parametrize("lang", LANGS)
def test_ts_file_is_complete(lang):
    problems = _problems(os.path.join(i18n_build.TS_DIR, f"nas_{lang}.ts"))
    assert problems == [], "\n".join(problems[:40])


def test_no_source_string_is_missing_from_the_ts_files(tmp_path):
    """lupdate over the current sources, on a copy: any new string would come back unfinished."""
    copies = []
    for lang in LANGS:
        dst = tmp_path / f"nas_{lang}.ts"
        shutil.copy(os.path.join(i18n_build.TS_DIR, f"nas_{lang}.ts"), dst)
        copies.append(str(dst))
    i18n_build.lupdate(copies)
    problems = [p for c in copies for p in _problems(c)]
    assert problems == [], "strings missing from i18n/*.ts (run python -m desktop.i18n_build --refresh):\n" + \
        "\n".join(problems[:40])


def test_language_switch_changes_visible_texts_and_locale(qtbot, languages):
    from PySide6.QtCore import QLocale

    from desktop import formatting
    from desktop.main_window import MainWindow
    from desktop.rpc import RpcClient
    from desktop.settings import ConnectionSettings

    class Offline:
        def call(self, *a):
            raise ConnectionRefusedError(111, "refused")

        def close_all(self):
            pass

    client = RpcClient(Offline())
    w = MainWindow(client, languages, ConnectionSettings())
    qtbot.addWidget(w)
    w.show()
    assert w.file_menu.title() == "&File"
    assert w.nav.item(0).text() == "System overview"
    for code, file_menu, overview in (("da", "&Filer", "Systemoversigt"), ("de", "&Datei", "Systemübersicht"),
                                      ("fr", "&Fichier", "Vue d’ensemble du système"),
                                      ("it", "&File", "Panoramica del sistema")):
        w.set_language(code)
        qtbot.waitUntil(lambda overview=overview: w.nav.item(0).text() == overview, timeout=20000)
        assert w.file_menu.title() == file_menu
        assert QLocale().name().startswith(code)
    assert formatting.number(1234567) == "1.234.567"    # Italian grouping
    w.set_language("en")
    qtbot.waitUntil(lambda: w.nav.item(0).text() == "System overview", timeout=20000)
    assert formatting.number(1234567) == "1,234,567"
    client.shutdown()
