"""The crawl profiles screen's controller: the chosen profile, uploading a document (the server's
problems listed by path), activating, reading from and writing to files."""
from __future__ import annotations

import os

from PySide6.QtCore import QCoreApplication, Signal

from desktop.controllers.base import Controller, Problem, required
from desktop.rpc.outcome import Failure
from shared.dto.definitions import ProfileDocumentDto, ProfileDto

FORM = "profile"


class ProfilesController(Controller):
    """Signals: ``documentShown(ProfileDocumentDto, str)`` (the document and its comments),
    ``problemsListed(list[str])`` (the upload's problems, "path: reason" each; empty: none),
    ``listChanged()``, ``settingsShown(dict)`` (the chosen or just saved profile's effective
    settings: the validated document with the defaults filled in, as the service reads it)."""

    service = "definitions"
    documentShown = Signal(object, str)
    problemsListed = Signal(list)
    listChanged = Signal()
    settingsShown = Signal(dict)

    def __init__(self, client, call=None, parent=None):
        super().__init__(client, call, parent)
        self.selected: ProfileDto | None = None

    def select(self, profile: ProfileDto | None) -> None:
        """The profile chosen in the list: its document is read for the editor."""
        self.selected = profile
        if profile is not None:
            self.rpc("download_profile", profile.name).on(self._show, self.failure.emit)
            # a listing carries no effective settings; one profile asked for does
            self.rpc("get_profile", profile.name).on(self._settings, self.failure.emit)

    def _settings(self, profile: ProfileDto) -> None:
        if self.selected is not None and profile.name == self.selected.name:
            self.settingsShown.emit(dict(profile.effective or {}))

    def _show(self, doc: ProfileDocumentDto) -> None:
        self.cleared.emit(FORM)
        self.problemsListed.emit([])
        self.documentShown.emit(doc, self.selected.comments if self.selected else "")

    def upload(self, name: str, content: str, comments: str = "") -> bool:
        """Upload a document under ``name`` (a new edition of the chosen profile when the name is
        its own); False after saying what is missing."""
        self.cleared.emit(FORM)
        self.problemsListed.emit([])
        try:
            name = required(name)
        except Problem as p:
            self.problem.emit(FORM, "name", str(p))
            return False
        if not content.strip():
            self.problem.emit(FORM, "content", QCoreApplication.translate(
                "ProfilesController", "Paste or load a profile document."))
            return False
        edition = self.selected.edition if self.selected is not None and self.selected.name == name else None
        self.rpc("upload_profile", name, content, comments=comments, edition=edition).on(
            self._uploaded, self._upload_failed)
        return True

    def _uploaded(self, profile: ProfileDto) -> None:
        self.selected = profile
        if profile.effective is not None:
            self.settingsShown.emit(dict(profile.effective))
        self.status.emit(QCoreApplication.translate("ProfilesController", "Saved {name}.").format(name=profile.name))
        self.listChanged.emit()

    def _upload_failed(self, f: Failure) -> None:
        self.fail(FORM, f, ("name", "comments", "content"), {"already_exists": "name", "not_found": "name"},
                  default="content")
        problems = [f"{p.get('path') or '/'}: {p.get('reason', '')}" for p in (f.details.get("problems") or [])
                    if isinstance(p, dict)]
        self.problemsListed.emit(problems)

    def set_active(self, active: bool) -> bool:
        if self.selected is None:
            return False

        def done(p: ProfileDto) -> None:
            self.selected = p
            self.listChanged.emit()

        self.rpc("set_profile_active", self.selected.name, active).on(done, self.failure.emit)
        return True

    @staticmethod
    def read_file(path: str) -> tuple[str, str]:
        """A profile document from a file: its text and a name from the file's (for an empty
        name field)."""
        with open(path, encoding="utf-8") as fh:
            return fh.read(), os.path.splitext(os.path.basename(path))[0]

    def download(self, name: str, path: str) -> None:
        """Write the profile's document, byte for byte as stored, to ``path``."""
        self.rpc("download_profile", name).on(lambda doc: self._write(path, doc), self.failure.emit)

    def _write(self, path: str, doc: ProfileDocumentDto) -> None:
        try:
            with open(path, "w", encoding="utf-8", newline="") as fh:
                fh.write(doc.content)
        except OSError as exc:
            self.status.emit(QCoreApplication.translate(
                "ProfilesController", "Could not write {path}: {reason}").format(
                    path=path, reason=exc.strerror or str(exc)))
            return
        self.status.emit(QCoreApplication.translate("ProfilesController", "Saved {name}.").format(name=path))
