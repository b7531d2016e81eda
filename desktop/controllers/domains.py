"""The domains screen's controller: the open domain, checking what the user typed, saving it
(one RPC, or a chain such as comments then alias), the profile picker's choices, and mass ingest
of a domain list chunk by chunk."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, Signal

from desktop import formatting
from desktop.controllers.base import Controller, Problem, int_value, required, text_lines
from desktop.errors import describe
from desktop.rpc.outcome import Failure
from shared.dto import Page
from shared.dto.definitions import DomainDto, IngestRunDto, ProfileDto

INGEST_CHUNK = 5000
NO_LIMIT = -1

# form keys the screen maps to its Form widgets
CREATE, GENERAL, SEEDS, CONFIG, TRAPS, OWNER, LOGINS = (
    "create",
    "general",
    "seeds",
    "configuration",
    "traps",
    "owner",
    "logins",
)


class DomainsController(Controller):
    """Signals: ``domainChanged(DomainDto | None)``, ``listChanged()`` (the list shows something
    new), ``profilesChanged(list[str])``, ``ingestProgress(done, total)``,
    ``ingestFinished(str)`` (the summary)."""

    service = "definitions"
    domainChanged = Signal(object)
    listChanged = Signal()
    profilesChanged = Signal(list)
    ingestProgress = Signal(int, int)
    ingestFinished = Signal(str)

    def __init__(self, client, call=None, parent=None):
        super().__init__(client, call, parent)
        self.domain: DomainDto | None = None
        self.profiles: list[str] = []
        self.ingest: _Ingest | None = None

    # --- reading -------------------------------------------------------------------------------

    def open(self, name: str) -> None:
        self.rpc("get_domain", name).on(self._show, self.failure.emit)

    def reopen(self) -> None:
        if self.domain is not None:
            self.open(self.domain.name)

    def _show(self, d: DomainDto) -> None:
        self.domain = d
        self.domainChanged.emit(d)

    def load_profiles(self) -> None:
        """The active crawl profiles, for the configuration's profile picker (sorted by name)."""
        self.rpc("list_profiles", offset=0, limit=1000, sort="name", active=True).on(self._profiles)

    def _profiles(self, page: Page[ProfileDto]) -> None:
        self.profiles = sorted((p.name for p in page.items), key=str.casefold)
        self.profilesChanged.emit(self.profiles)

    # --- saving --------------------------------------------------------------------------------

    def _saved(self, d: DomainDto) -> None:
        self._show(d)
        self.status.emit(QCoreApplication.translate("DomainsController", "Saved {name}.").format(name=d.name))

    def create(self, name_text: str) -> bool:
        self.cleared.emit(CREATE)
        try:
            name = required(name_text)
        except Problem as p:
            self.problem.emit(CREATE, "name", str(p))
            return False

        def done(d: DomainDto) -> None:
            self._show(d)
            self.listChanged.emit()

        self.rpc("create_domain", name).on(done, lambda f: self.fail(CREATE, f, ("name",), default="name"))
        return True

    def save_general(self, comments: str, alias_text: str) -> None:
        """Comments, then (only if it changed) the alias: two RPCs, the second on the edition
        the first returned."""
        d = self.domain
        if d is None:
            return
        self.cleared.emit(GENERAL)
        alias = alias_text.strip() or None
        c = self.rpc("update_domain", d.name, d.edition, comments=comments)
        c.failed.connect(lambda f: self.fail(GENERAL, f, ("comments", "alias_of"), default="comments"))
        if alias == (d.alias_of or None):
            c.succeeded.connect(self._saved)
            return

        def then_alias(updated: DomainDto) -> None:
            self._show(updated)
            c2 = self.rpc("set_alias", updated.name, updated.edition, alias)
            c2.on(self._saved, lambda f: (self.fail(GENERAL, f, ("alias_of",), default="alias_of"), self.reopen()))

        c.succeeded.connect(then_alias)

    def save_seeds(self, name_text: str, seeds_text: str) -> bool:
        d = self.domain
        if d is None:
            return False
        self.cleared.emit(SEEDS)
        try:
            name = required(name_text)
        except Problem as p:
            self.problem.emit(SEEDS, "name", str(p))
            return False
        seeds = text_lines(seeds_text)
        if not seeds:
            self.problem.emit(
                SEEDS, "seeds", QCoreApplication.translate("DomainsController", "Give at least one seed.")
            )
            return False
        self.rpc("save_seed_list", d.name, d.edition, name, seeds).on(
            self._saved, lambda f: self.fail(SEEDS, f, ("name", "seeds"), {"invalid_input": "name"}, default="seeds")
        )
        return True

    def configuration_values(
        self, name_text: str, max_objects: str, max_bytes: str, rate: str
    ) -> dict[str, Any] | None:
        """The configuration form checked: a dict for ``save_configuration``, or None after
        reporting each bad field. An empty limit means "no limit" (sent as -1)."""
        ok = True
        out: dict[str, Any] = {}
        try:
            out["name"] = required(name_text)
        except Problem as p:
            self.problem.emit(CONFIG, "name", str(p))
            ok = False
        for key, text, minimum, empty in (
            ("max_objects", max_objects, 0, NO_LIMIT),
            ("max_bytes", max_bytes, 0, NO_LIMIT),
            ("max_request_rate", rate, 1, None),
        ):
            try:
                out[key] = int_value(text, minimum, empty)
            except Problem as p:
                self.problem.emit(CONFIG, key, str(p))
                ok = False
        return out if ok else None

    def save_configuration(
        self,
        name_text: str,
        profile: str | None,
        seed_lists: list[str],
        max_objects: str,
        max_bytes: str,
        rate: str,
        make_default: bool,
    ) -> bool:
        d = self.domain
        if d is None:
            return False
        self.cleared.emit(CONFIG)
        values = self.configuration_values(name_text, max_objects, max_bytes, rate)
        if values is None:
            return False
        unknown = [s for s in seed_lists if s not in {sl.name for sl in d.seed_lists}]
        if unknown:
            self.problem.emit(
                CONFIG,
                "seed_lists",
                QCoreApplication.translate("DomainsController", "This domain has no seed list {names}.").format(
                    names=", ".join(unknown)
                ),
            )
            return False
        name = values.pop("name")
        self.rpc(
            "save_configuration",
            d.name,
            d.edition,
            name,
            profile=profile or None,
            seed_lists=seed_lists or None,
            make_default=make_default,
            **values,
        ).on(
            self._saved,
            lambda f: self.fail(
                CONFIG,
                f,
                ("name", "profile", "seed_lists", "max_objects", "max_bytes", "max_request_rate"),
                {"not_found": "profile", "conflict": "profile"},
                default="name",
            ),
        )
        return True

    def save_traps(self, text: str) -> None:
        d = self.domain
        if d is None:
            return
        self.cleared.emit(TRAPS)
        self.rpc("update_domain", d.name, d.edition, crawler_traps=text_lines(text)).on(self._saved, self._trap_failure)

    def _trap_failure(self, f: Failure) -> None:
        if f.code == "invalid_regex" and f.details.get("pattern"):
            self.problem.emit(TRAPS, "traps", describe(f) + " " + str(f.details["pattern"]))
        else:
            self.fail(TRAPS, f, ("traps",), default="traps")

    def add_owner_info(self, text: str) -> bool:
        d = self.domain
        if d is None:
            return False
        self.cleared.emit(OWNER)
        try:
            info = required(text)
        except Problem as p:
            self.problem.emit(OWNER, "info", str(p))
            return False
        self.rpc("add_owner_info", d.name, d.edition, info).on(
            self._saved, lambda f: self.fail(OWNER, f, ("info",), default="info")
        )
        return True

    def add_login(self, url_text: str, realm: str, user_text: str, password: str) -> bool:
        d = self.domain
        if d is None:
            return False
        self.cleared.emit(LOGINS)
        try:
            url = required(url_text)
        except Problem as p:
            self.problem.emit(LOGINS, "url", str(p))
            return False
        try:
            user = required(user_text)
        except Problem as p:
            self.problem.emit(LOGINS, "username", str(p))
            return False
        # the wire form set_credentials takes: an id without a password keeps the stored one
        kept = [{"id": c.id, "url": c.url, "realm": c.realm, "username": c.username} for c in d.credentials]
        new = {"url": url, "realm": realm.strip(), "username": user, "password": password}
        self.rpc("set_credentials", d.name, d.edition, [*kept, new]).on(
            self._saved,
            lambda f: self.fail(
                LOGINS, f, ("url", "realm", "username", "password"), {"invalid_url": "url"}, default="url"
            ),
        )
        return True

    # --- mass ingest ---------------------------------------------------------------------------

    def start_ingest(self, source: str, all_lines: list[str]) -> None:
        self.ingest = _Ingest(self, source, all_lines)
        self.ingest.start()

    def cancel_ingest(self) -> None:
        if self.ingest is not None:
            self.ingest.cancelled = True

    def _ingest_done(self, run: IngestRunDto, cancelled: bool) -> None:
        self.ingest = None
        shown = "; ".join(
            QCoreApplication.translate("DomainsController", "line {line}: {text}").format(line=e.line, text=e.text)
            for e in run.errors[:10]
        )
        head = (
            QCoreApplication.translate("DomainsController", "Ingest cancelled after line {line}.").format(
                line=run.next_line - 1
            )
            if cancelled
            else QCoreApplication.translate("DomainsController", "Ingest finished.")
        )
        text = (
            head
            + " "
            + QCoreApplication.translate(
                "DomainsController",
                "Created: {created}, already known: {existing}, duplicates: {duplicates}, invalid: {invalid}.",
            ).format(
                created=formatting.number(run.created),
                existing=formatting.number(run.existing),
                duplicates=formatting.number(run.duplicates),
                invalid=formatting.number(run.invalid),
            )
        )
        if shown:
            text += " " + QCoreApplication.translate("DomainsController", "Invalid lines: {lines}").format(lines=shown)
        self.ingestFinished.emit(text)
        self.listChanged.emit()

    def _ingest_failed(self, f: Failure) -> None:
        self.ingest = None
        self.ingestFinished.emit(describe(f))


class _Ingest:
    """Sends a domain list to ``ingest_chunk`` piece by piece; the next chunk goes only after the
    previous was saved, so Cancel stops between chunks and nothing is half-saved."""

    def __init__(self, owner: DomainsController, source: str, all_lines: list[str]):
        self.owner, self.source, self.lines = owner, source, all_lines
        self.run: IngestRunDto | None = None
        self.cancelled = False

    def start(self) -> None:
        self.owner.rpc("ingest_start", self.source, len(self.lines)).on(self._next, self.owner._ingest_failed)

    def _next(self, run: IngestRunDto) -> None:
        self.run = run
        self.owner.ingestProgress.emit(run.next_line - 1, len(self.lines))
        first = run.next_line
        if self.cancelled:
            # left open: a later run with the same file can continue
            self.owner._ingest_done(run, True)
            return
        if first > len(self.lines):
            self.owner.rpc("ingest_finish", run.id).on(
                lambda r: self.owner._ingest_done(r, False), self.owner._ingest_failed
            )
            return
        chunk = self.lines[first - 1 : first - 1 + INGEST_CHUNK]
        self.owner.rpc("ingest_chunk", run.id, first, chunk).on(self._next, self.owner._ingest_failed)
