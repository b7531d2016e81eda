"""Live language switching: one QTranslator for our strings, one for Qt's own, and the locale.

Installing a translator makes Qt send ``QEvent.LanguageChange`` to every widget; each screen
re-runs its ``retranslateUi`` there. ``QLocale.setDefault`` makes dates and numbers follow.
"""
from __future__ import annotations

import glob
import logging
import os

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QObject, QTranslator, Signal

log = logging.getLogger(__name__)

QM_DIR = os.path.join(os.path.dirname(__file__), "i18n_qm")

#: The language the sources are written in: always offered, with or without a catalogue.
SOURCE_LANGUAGE = "en"


def language_name(code: str) -> str:
    """A language's name in that language ("Dansk", "Deutsch"), so a user who chose a language
    they cannot read still finds their own."""
    name = QLocale(code).nativeLanguageName() if code != SOURCE_LANGUAGE else "English"
    return (name[:1].upper() + name[1:]) if name else code


def available_languages(qm_dir: str = QM_DIR) -> dict[str, str]:
    """Code → name of every language with a shipped catalogue (``nas_<code>.qm``, built from
    ``i18n/nas_<code>.ts``), English first, the others by code: a new language needs only its
    ``.ts`` file, no code change."""
    codes = set()
    for path in glob.glob(os.path.join(qm_dir, "nas_*.qm")):
        code = os.path.basename(path)[len("nas_"):-len(".qm")]
        if code and code.replace("_", "").isalpha():
            codes.add(code)
    codes.discard(SOURCE_LANGUAGE)
    return {SOURCE_LANGUAGE: language_name(SOURCE_LANGUAGE), **{c: language_name(c) for c in sorted(codes)}}


def qm_path(code: str, qm_dir: str = QM_DIR) -> str:
    return os.path.join(qm_dir, f"nas_{code}.qm")


class LanguageManager(QObject):
    languageChanged = Signal(str)

    def __init__(self, parent: QObject | None = None, qm_dir: str = QM_DIR):
        super().__init__(parent)
        self.qm_dir = qm_dir
        self.code = "en"
        self._ours: QTranslator | None = None
        self._qt: QTranslator | None = None

    def available(self) -> dict[str, str]:
        """The languages this installation ships (see :func:`available_languages`)."""
        return available_languages(self.qm_dir)

    def set_language(self, code: str) -> bool:
        """Switch to ``code``; False (and English) when its .qm is missing."""
        if code not in self.available():
            code = "en"
        app = QCoreApplication.instance()
        for tr in (self._ours, self._qt):
            if tr is not None:
                app.removeTranslator(tr)
        self._ours = self._qt = None
        ok = True
        ours = QTranslator(self)
        if ours.load(qm_path(code, self.qm_dir)):
            self._ours = ours
        else:
            ok = code == "en"
            if not ok:
                log.warning("no translation file %s: run `python -m desktop.i18n_build`", qm_path(code, self.qm_dir))
        qt = QTranslator(self)
        if code != "en" and qt.load(f"qtbase_{code}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
            self._qt = qt
        QLocale.setDefault(QLocale(code))
        self.code = code
        # Install after the locale is set: LanguageChange handlers format dates with it.
        for tr in (self._qt, self._ours):
            if tr is not None:
                app.installTranslator(tr)
        if self._ours is None and self._qt is None:
            # Nothing installed means no LanguageChange event: send one so texts return to English.
            from PySide6.QtCore import QEvent
            from PySide6.QtWidgets import QApplication

            for w in QApplication.allWidgets():
                QCoreApplication.postEvent(w, QEvent(QEvent.Type.LanguageChange))
        self.languageChanged.emit(code)
        return ok
