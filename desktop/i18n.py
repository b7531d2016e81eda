"""Live language switching: one QTranslator for our strings, one for Qt's own, and the locale.

Installing a translator makes Qt send ``QEvent.LanguageChange`` to every widget; each screen
re-runs its ``retranslateUi`` there. ``QLocale.setDefault`` makes dates and numbers follow.
"""
from __future__ import annotations

import logging
import os

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QObject, QTranslator, Signal

log = logging.getLogger(__name__)

#: Language code → its name in that language (shown that way in every language, so a user who
#: chose a language they cannot read still finds their own).
LANGUAGES: dict[str, str] = {
    "en": "English",
    "da": "Dansk",
    "de": "Deutsch",
    "fr": "Français",
    "it": "Italiano",
}

QM_DIR = os.path.join(os.path.dirname(__file__), "i18n_qm")


def qm_path(code: str) -> str:
    return os.path.join(QM_DIR, f"nas_{code}.qm")


class LanguageManager(QObject):
    languageChanged = Signal(str)

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.code = "en"
        self._ours: QTranslator | None = None
        self._qt: QTranslator | None = None

    def set_language(self, code: str) -> bool:
        """Switch to ``code``; False (and English) when its .qm is missing."""
        if code not in LANGUAGES:
            code = "en"
        app = QCoreApplication.instance()
        for tr in (self._ours, self._qt):
            if tr is not None:
                app.removeTranslator(tr)
        self._ours = self._qt = None
        ok = True
        ours = QTranslator(self)
        if ours.load(qm_path(code)):
            self._ours = ours
        else:
            ok = code == "en"
            if not ok:
                log.warning("no translation file %s: run `python -m desktop.i18n_build`", qm_path(code))
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
