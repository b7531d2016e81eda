"""Controllers without any widget: validation, RPC choreography and what they tell the screen.

The services are outside the unit: a recording backend answers with the wire form (dicts, as
Nameko delivers them; the client decodes them into DTOs by the contracts) or raises the typed
error a service raises. One test runs a controller against the real definitions service.
"""
from __future__ import annotations

import contextlib
import datetime as dt
import uuid

import pytest
from PySide6.QtWidgets import QApplication

from desktop.controllers import domains as ctl
from desktop.controllers.domains import DomainsController
from desktop.rpc import RpcClient
from shared.errors import DomainNotFound, InvalidUrl


class Recording:
    """A Backend: records each call and answers from ``answers[method]`` (a value, an exception,
    or a function of the arguments)."""

    def __init__(self, answers: dict):
        self.answers = answers
        self.calls: list[tuple[str, str, tuple, dict]] = []

    def call(self, service, method, args, kwargs, timeout):
        self.calls.append((service, method, args, kwargs))
        answer = self.answers[method]
        if isinstance(answer, BaseException):
            raise answer
        return answer(*args, **kwargs) if callable(answer) else answer

    def close_all(self):
        pass

    def methods(self) -> list[str]:
        return [m for _s, m, _a, _k in self.calls]


def domain_wire(name="kb.dk", edition=1, **over):
    now = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).isoformat()
    d = {"id": 1, "name": name, "tld": "dk", "comments": "", "crawler_traps": [], "alias_of": None,
         "alias_set_at": None, "alias_expires_at": None, "aliases": [], "edition": edition, "created_at": now,
         "default_configuration": None,
         "seed_lists": [{"name": "default", "seeds": [f"https://www.{name}/"], "comments": ""}],
         "configurations": [], "owner_info": [], "credentials": []}
    d.update(over)
    return d


@pytest.fixture
def make(qtbot):
    clients = []
    kept = []   # the controllers, alive until their client has shut down (teardown)

    def build(answers):
        backend = Recording(answers)
        client = RpcClient(backend)
        clients.append(client)
        c = DomainsController(client)
        kept.append(c)
        events = {"problem": [], "failure": [], "domain": [], "status": [], "list": [], "ingest": []}
        c.problem.connect(lambda form, field, text: events["problem"].append((form, field, text)))
        c.failure.connect(events["failure"].append)
        c.domainChanged.connect(events["domain"].append)
        c.status.connect(events["status"].append)
        c.listChanged.connect(lambda: events["list"].append(True))
        c.ingestFinished.connect(events["ingest"].append)
        return c, backend, events
    yield build
    for client in clients:
        client.shutdown()
    kept.clear()   # controllers go only now: no RPC thread can answer a deleted one


def _idle(qtbot, c):
    qtbot.waitUntil(lambda: c.client.in_flight == 0, timeout=10000)


def test_no_widget_is_created(make, qtbot):
    before = set(QApplication.allWidgets())
    c, _b, _e = make({"get_domain": domain_wire()})
    c.open("kb.dk")
    _idle(qtbot, c)
    assert [w for w in QApplication.allWidgets() if w not in before] == []
    assert c.domain.name == "kb.dk"


def test_bad_input_is_reported_by_its_field_and_nothing_is_sent(make, qtbot):
    c, b, e = make({"get_domain": domain_wire()})
    c.open("kb.dk")
    _idle(qtbot, c)
    assert c.create("   ") is False
    assert c.save_seeds("extra", " \n ") is False
    assert c.save_configuration("deep", None, [], "many", "-5", "0", False) is False
    assert c.save_configuration("deep", None, ["nosuchlist"], "", "", "", False) is False
    assert c.add_login("", "", "u", "p") is False
    assert b.methods() == ["get_domain"]
    fields = [(form, field) for form, field, _t in e["problem"]]
    assert fields == [(ctl.CREATE, "name"), (ctl.SEEDS, "seeds"), (ctl.CONFIG, "max_objects"),
                      (ctl.CONFIG, "max_bytes"), (ctl.CONFIG, "max_request_rate"), (ctl.CONFIG, "seed_lists"),
                      (ctl.LOGINS, "url")]
    assert "nosuchlist" in e["problem"][5][2]


def test_empty_limits_mean_no_limit(make, qtbot):
    c, b, _e = make({"get_domain": domain_wire(), "save_configuration": domain_wire(edition=2)})
    c.open("kb.dk")
    _idle(qtbot, c)
    assert c.save_configuration("deep", "default", ["default"], "", "", "60", True)
    _idle(qtbot, c)
    _s, method, args, kwargs = b.calls[-1]
    assert method == "save_configuration" and args == ("kb.dk", 1, "deep")
    assert kwargs["max_objects"] == -1 and kwargs["max_bytes"] == -1 and kwargs["max_request_rate"] == 60
    assert kwargs["seed_lists"] == ["default"] and kwargs["profile"] == "default" and kwargs["make_default"]
    assert c.domain.edition == 2


def test_comments_then_alias_are_two_calls_on_the_new_edition(make, qtbot):
    c, b, e = make({"get_domain": domain_wire(),
                    "update_domain": domain_wire(edition=2, comments="x"),
                    "set_alias": domain_wire(edition=3, comments="x", alias_of="kb2.dk")})
    c.open("kb.dk")
    _idle(qtbot, c)
    c.save_general("x", "kb2.dk")
    _idle(qtbot, c)
    assert b.methods() == ["get_domain", "update_domain", "set_alias"]
    assert b.calls[2][2] == ("kb.dk", 2, "kb2.dk")
    assert c.domain.edition == 3 and c.domain.alias_of == "kb2.dk"
    assert e["status"] == ["Saved kb.dk."]
    # unchanged alias: one call only
    c.save_general("y", "kb2.dk")
    _idle(qtbot, c)
    assert b.methods()[-1] == "update_domain" and b.methods().count("set_alias") == 1


def test_a_server_error_reaches_the_field_with_the_servers_precise_reason(make, qtbot):
    bad = InvalidUrl("the seed 'https://x.org/' is outside the domain kb.dk",
                     {"domain": "kb.dk", "seeds": [{"url": "https://x.org/", "reason": "outside_domain",
                                                    "domain": "kb.dk", "url_domain": "x.org"}]})
    c, _b, e = make({"get_domain": domain_wire(), "save_seed_list": bad})
    c.open("kb.dk")
    _idle(qtbot, c)
    assert c.save_seeds("extra", "https://x.org/")
    _idle(qtbot, c)
    form, field, text = e["problem"][-1]
    assert (form, field) == (ctl.SEEDS, "seeds")
    assert "https://x.org/" in text and "outside the domain kb.dk" in text


def test_opening_a_missing_domain_is_a_failure_naming_it(make, qtbot):
    from desktop.errors import describe

    c, _b, e = make({"get_domain": DomainNotFound("no domain 'x.dk'", {"name": "x.dk"})})
    c.open("x.dk")
    _idle(qtbot, c)
    assert c.domain is None and len(e["failure"]) == 1
    assert describe(e["failure"][0]) == "There is no domain x.dk."


def test_ingest_goes_chunk_by_chunk_and_cancel_stops_between_chunks(make, qtbot, monkeypatch):
    monkeypatch.setattr(ctl, "INGEST_CHUNK", 2)
    state = {"next": 1}

    def run(next_line, **over):
        now = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).isoformat()
        r = {"id": 7, "source": "f", "state": "open", "total_lines": 5, "next_line": next_line,
             "created": next_line - 1, "existing": 0, "duplicates": 0, "invalid": 0, "errors": [],
             "started_at": now, "updated_at": now}
        r.update(over)
        return r

    def chunk(run_id, first, lines):
        state["next"] = first + len(lines)
        return run(state["next"])

    c, b, e = make({"ingest_start": run(1), "ingest_chunk": chunk, "ingest_finish": lambda i: run(6, state="finished")})
    c.start_ingest("f", [f"d{i}.dk" for i in range(5)])
    qtbot.waitUntil(lambda: bool(e["ingest"]), timeout=10000)
    assert b.methods() == ["ingest_start", "ingest_chunk", "ingest_chunk", "ingest_chunk", "ingest_finish"]
    assert [a[1] for _s, m, a, _k in b.calls if m == "ingest_chunk"] == [1, 3, 5]
    assert "Created: 5" in e["ingest"][0] and e["list"]
    # cancelled after the first chunk: no more chunks, no finish
    b.calls.clear()
    e["ingest"].clear()
    c.ingestProgress.connect(lambda done, total: c.cancel_ingest() if done else None)   # Cancel pressed
    c.start_ingest("f", [f"d{i}.dk" for i in range(5)])
    qtbot.waitUntil(lambda: bool(e["ingest"]), timeout=10000)
    assert "ingest_finish" not in b.methods() and b.methods().count("ingest_chunk") == 1
    assert "cancelled" in e["ingest"][0]


@pytest.mark.rabbit
def test_domains_controller_against_the_real_definitions_service(qtbot, services, connection):
    from desktop.rpc import ServiceBackend

    client = RpcClient(ServiceBackend(connection.amqp_uri(), connection.timeout))
    try:
        c = DomainsController(client)
        problems = []
        c.problem.connect(lambda *a: problems.append(a))
        name = f"c{uuid.uuid4().hex[:8]}.dk"
        c.create(name)
        qtbot.waitUntil(lambda: c.domain is not None, timeout=20000)
        c.save_seeds("extra", "https://elsewhere.org/")
        qtbot.waitUntil(lambda: bool(problems), timeout=20000)
        assert problems[-1][1] == "seeds" and "elsewhere.org" in problems[-1][2] and name in problems[-1][2]
        c.load_profiles()
        qtbot.waitUntil(lambda: "default" in c.profiles, timeout=20000)
        first = c.domain.seed_lists[0].name
        assert c.save_configuration("deep", "default", [first], "100", "", "", False)
        qtbot.waitUntil(lambda: any(x.name == "deep" for x in c.domain.configurations), timeout=20000)
        deep = [x for x in c.domain.configurations if x.name == "deep"][0]
        assert deep.max_objects == 100 and deep.max_bytes == -1
    finally:
        client.shutdown()


# --- bit integrity (the arcrepository's RPCs of the wave-C contract) ----------------------------

def audit_wire(id_=5, state="running", kind="files", replica="TWO", **over):
    a = {"id": id_, "replica": replica, "kind": kind, "state": state, "requested_by": "op", "requested": None,
         "started": "2026-01-01T00:00:00+00:00", "finished": None, "files_seen": 10, "missing": 0, "corrupt": 0,
         "disputed": 0, "extra": 0, "errors": [], "progress": 0.5, "total": 20, "partial": False,
         "missing_instances": [], "message": "", "max_duration": None}
    a.update(over)
    return a


def replica_wire(replica="TWO", missing=0, running=None):
    return {"replica": replica, "name": f"Replica {replica}", "type": "bitarchive", "files": 20, "ok": 20 - missing,
            "missing": missing, "corrupt": 0, "disputed": 0, "unchecked": 0, "stale": 0, "oldest_checksum": None,
            "max_checksum_age_days": 30.0, "last_files_audit": None, "last_checksums_audit": None, "running": running}


@pytest.fixture
def bitpres(qtbot):
    from desktop.controllers.bit_integrity import BitIntegrityController

    clients = []
    kept = []   # the controllers, alive until their client has shut down (teardown)

    def build(answers):
        backend = Recording(answers)
        client = RpcClient(backend)
        clients.append(client)
        c = BitIntegrityController(client, poll_ms=20)
        kept.append(c)
        seen = {"audits": [], "finished": [], "confirm": [], "failure": []}
        c.auditChanged.connect(seen["audits"].append)
        c.auditFinished.connect(seen["finished"].append)
        c.confirmation.connect(seen["confirm"].append)
        c.failure.connect(seen["failure"].append)
        return c, backend, seen
    yield build
    for client in clients:
        client.shutdown()
    kept.clear()   # controllers go only now: no RPC thread can answer a deleted one


def test_an_audit_is_followed_until_it_ends_then_the_summary_reloads(bitpres, qtbot):
    states = iter([audit_wire(progress=0.7), audit_wire(state="done", progress=1.0, missing=1)])
    c, b, seen = bitpres({"preservation_summary": [replica_wire("ONE"), replica_wire("TWO")],
                          "audit_start": audit_wire(state="queued", progress=0.0),
                          "audit_status": lambda audit_id: next(states)})
    c.load()
    qtbot.waitUntil(lambda: len(c.replicas) == 2, timeout=10000)
    c.choose("TWO")
    assert c.start_audit("files", "op")
    qtbot.waitUntil(lambda: bool(seen["finished"]), timeout=10000)
    assert [a.state for a in seen["audits"]] == ["queued", "running", "done"]
    assert seen["finished"][0].missing == 1
    assert b.calls[1][1:3] == ("audit_start", ("TWO", "files"))
    qtbot.waitUntil(lambda: b.methods().count("preservation_summary") == 2, timeout=10000)   # reloaded
    assert not c.timer.isActive() and c.running_audit() is None
    assert c.start_audit("no-such-kind") is False


def test_reestablish_only_with_missing_files_and_cancel_reaches_the_service(bitpres, qtbot):
    c, b, seen = bitpres({"preservation_summary": [replica_wire("TWO", missing=3)],
                          "reestablish_missing": audit_wire(kind="reestablish", state="running"),
                          "audit_status": audit_wire(kind="reestablish", state="running"),
                          "audit_cancel": audit_wire(kind="reestablish", state="cancelled")})
    c.load()
    qtbot.waitUntil(lambda: c.current() is not None, timeout=10000)
    assert c.reestablish_missing("op")
    qtbot.waitUntil(lambda: c.running_audit() is not None, timeout=10000)
    c.cancel(c.running_audit().id, "op")
    qtbot.waitUntil(lambda: bool(seen["finished"]), timeout=10000)
    assert seen["finished"][0].state == "cancelled"
    assert ("arcrepository", "audit_cancel", (5,), {"requested_by": "op"}) in b.calls
    c.replicas = []
    assert c.reestablish_missing() is False


def test_replace_shows_both_checksums_and_replaces_with_the_checksum_shown(bitpres, qtbot):
    conf = {"name": "1-1-x.warc.gz", "replica": "TWO", "reference_checksum": "aaa", "bad_checksum": "bbb",
            "good_replica": "ONE", "good_checksum": "aaa", "votes": {"ONE": "aaa", "TWO": "bbb"},
            "replaceable": True, "reason": ""}
    result = {"name": "1-1-x.warc.gz", "replica": "TWO", "replaced": True, "old_checksum": "bbb",
              "new_checksum": "aaa", "attic_path": "/attic/1-1-x.warc.gz.bbb", "instance_id": "ba-two",
              "message": "replaced from ONE"}
    c, b, seen = bitpres({"preservation_summary": [replica_wire("TWO")], "replace_confirmation": conf,
                          "replace_corrupt": result})
    c.load()
    qtbot.waitUntil(lambda: c.replica == "TWO", timeout=10000)
    c.confirm_replace("1-1-x.warc.gz")
    qtbot.waitUntil(lambda: bool(seen["confirm"]), timeout=10000)
    got = seen["confirm"][0]
    assert (got.bad_checksum, got.good_checksum, got.replaceable) == ("bbb", "aaa", True)
    done = []
    c.replaced.connect(done.append)
    c.replace(got)
    qtbot.waitUntil(lambda: bool(done), timeout=10000)
    # the checksum the person saw is stated, so a copy that changed since is refused; no key sent
    assert ("arcrepository", "replace_corrupt", ("TWO", "1-1-x.warc.gz", "bbb"), {}) in b.calls
    assert done[0].attic_path == "/attic/1-1-x.warc.gz.bbb"


# --- archive browser (the viewerproxy's RPCs of the wave-C contract) ----------------------------

def _ca_pem() -> str:
    """A self-signed CA certificate, as the viewerproxy's proxy_info hands out."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "test viewerproxy CA")])
    now = dt.datetime.now(dt.UTC)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(1).not_valid_before(now).not_valid_after(now + dt.timedelta(days=1))
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True).sign(key, hashes.SHA256()))
    return cert.public_bytes(serialization.Encoding.PEM).decode()


def viewer_answers(pem: str) -> dict:
    sessions = {"n": 0, "recording": False}

    def create(job_ids, timestamp, recording, user):
        sessions["n"] += 1
        return {"session_id": f"s{sessions['n']}", "token": f"t{sessions['n']}", "user": user or "", "job_ids": job_ids,
                "timestamp": timestamp or "", "recording": recording, "state": "active",
                "created_at": "2026-01-01T00:00:00+00:00", "missing_count": 0}

    def recording(session_id, on):
        sessions["recording"] = on
        return {"session_id": session_id, "token": "", "user": "", "job_ids": [1], "timestamp": "",
                "recording": on, "state": "active", "created_at": "2026-01-01T00:00:00+00:00", "missing_count": 0}

    def session(session_id):
        return {**recording(session_id, sessions["recording"]), "missing_count": 2}

    return {"proxy_info": {"host": "127.0.0.1", "port": 8070, "reserved_host": "viewerproxy.invalid",
                           "ca_certificate_pem": pem, "ca_sha256": "x"},
            "create_session": create, "stop_session": None, "set_recording": recording, "session": session,
            "missing_urls": {"items": [{"url": "https://www.kb.dk/logo.png", "kind": "image",
                                        "referrer": "https://www.kb.dk/", "first_seen": "2026-01-01T00:00:00+00:00",
                                        "last_seen": "2026-01-01T00:00:00+00:00", "count": 1}],
                             "total": 1, "offset": 0, "limit": 500},
            "add_missing_as_seeds": 1,
            # previous/next capture: two captures of every page
            "captures": [{"url": "https://www.kb.dk/", "timestamp": ts, "status": "200", "mime": "text/html",
                          "job_id": 12, "file": "12-3-x.warc.gz", "offset": 1234, "revisit": False}
                         for ts in ("20250101120000", "20260101120000")],
            "update_session": lambda session_id, timestamp=None: {**recording(session_id, False),
                                                                   "timestamp": timestamp or ""}}


def test_archive_browser_sessions_recording_and_missing_urls_to_seeds(qtbot, languages):
    from desktop.controllers.archive_browser import ArchiveBrowserController

    backend = Recording(viewer_answers(_ca_pem()))
    client = RpcClient(backend)
    try:
        c = ArchiveBrowserController(client, poll_ms=20)
        ready, missing, status = [], [], []
        c.sessionReady.connect(lambda info, s: ready.append((info, s)))
        c.missingChanged.connect(lambda items, total: missing.append(items))
        c.status.connect(status.append)
        c.open([1])
        qtbot.waitUntil(lambda: bool(ready), timeout=10000)
        assert c.proxy_credentials() == ("s1", "t1")
        assert ready[0][0].port == 8070 and "BEGIN CERTIFICATE" in ready[0][0].ca_certificate_pem
        # switching jobs: a new session (a new profile), the old one stopped
        c.open([2])
        qtbot.waitUntil(lambda: len(ready) == 2, timeout=10000)
        assert c.proxy_credentials() == ("s2", "t2")
        assert ("viewerproxy", "stop_session", ("s1",), {}) in backend.calls
        # recording: the live count follows the session; the token is kept
        c.set_recording(True)
        qtbot.waitUntil(lambda: c.session.missing_count == 2, timeout=10000)
        assert c.session.recording and c.proxy_credentials() == ("s2", "t2")
        c.load_missing()
        qtbot.waitUntil(lambda: bool(missing), timeout=10000)
        assert missing[0][0].referrer == "https://www.kb.dk/"
        assert c.add_as_seeds("", "default", ["x"]) is False           # the domain is needed
        assert c.add_as_seeds("kb.dk", "qa", [missing[0][0].url])
        qtbot.waitUntil(lambda: bool(status), timeout=10000)
        assert status[0] == "1 seed added to qa of kb.dk."
        added = [(m, a) for _s, m, a, _k in backend.calls if m == "add_missing_as_seeds"]
        assert added == [("add_missing_as_seeds", ("s2", "kb.dk", "qa", ["https://www.kb.dk/logo.png"]))]
        c.set_recording(False)
        qtbot.waitUntil(lambda: not c.timer.isActive(), timeout=10000)
    finally:
        client.shutdown()


def test_archive_browser_missing_list_follows_the_live_count(qtbot, languages):
    """The missing-URL list shows a URL the page just asked for by itself (no "Refresh"): it is
    loaded again when the polled count differs from the list shown, and only then; a new session
    (another job) shows its own list, never the previous session's."""
    from desktop.controllers.archive_browser import ArchiveBrowserController

    answers = viewer_answers(_ca_pem())
    recorded: dict[str, list[str]] = {"s1": [], "s2": []}     # what the proxy recorded per session
    recording: dict[str, bool] = {}

    def set_recording(sid, on):
        recording[sid] = on
        return viewer_answers("")["set_recording"](sid, on)
    answers["set_recording"] = set_recording
    answers["session"] = lambda sid: {**set_recording(sid, recording.get(sid, False)),
                                      "missing_count": len(recorded[sid])}
    answers["missing_urls"] = lambda sid, offset=0, limit=100: {
        "items": [{"url": u, "kind": "image", "referrer": "https://www.kb.dk/", "count": 1,
                   "first_seen": "2026-01-01T00:00:00+00:00", "last_seen": "2026-01-01T00:00:00+00:00"}
                  for u in recorded[sid]],
        "total": len(recorded[sid]), "offset": offset, "limit": limit}
    backend = Recording(answers)
    client = RpcClient(backend)
    try:
        c = ArchiveBrowserController(client, poll_ms=20)
        lists: list[list[str]] = []
        c.missingChanged.connect(lambda items, total: lists.append([m.url for m in items]))
        c.open([1])
        qtbot.waitUntil(lambda: lists == [[]], timeout=10000)        # the new session's (empty) list
        c.set_recording(True)
        qtbot.waitUntil(lambda: c.timer.isActive(), timeout=10000)
        recorded["s1"].append("https://www.kb.dk/logo.png")           # the page asked for it
        qtbot.waitUntil(lambda: lists[-1] == ["https://www.kb.dk/logo.png"], timeout=10000)
        listed = backend.methods().count("missing_urls")
        polls = backend.methods().count("session")
        qtbot.waitUntil(lambda: backend.methods().count("session") >= polls + 5, timeout=10000)
        assert backend.methods().count("missing_urls") == listed        # the same count: not loaded again
        recorded["s1"].append("https://www.kb.dk/style.css")
        qtbot.waitUntil(lambda: len(lists[-1]) == 2, timeout=10000)
        c.open([2])                                                    # another job: its own list
        qtbot.waitUntil(lambda: c.proxy_credentials() == ("s2", "t2") and lists[-1] == [], timeout=10000)
        c.set_recording(False)
        qtbot.waitUntil(lambda: not c.timer.isActive(), timeout=10000)
    finally:
        client.shutdown()


class Gated(Recording):
    """A Recording whose answers to the methods in ``hold`` wait (in their worker thread) until
    the test releases them: the order in which answers arrive is the test's, not the scheduler's."""

    def __init__(self, answers: dict):
        super().__init__(answers)
        import threading

        self.hold: set[str] = set()
        self.held: list[str] = []            # methods waiting for their release, in order
        self.release = threading.Event()
        self._lock = threading.Lock()

    def call(self, service, method, args, kwargs, timeout):
        if method in self.hold:
            with self._lock:
                self.held.append(method)
            assert self.release.wait(30), "the test never released a held answer"
        return super().call(service, method, args, kwargs, timeout)


def test_archive_browser_switch_of_jobs_ends_in_the_new_session_whatever_the_old_answers_do(qtbot, languages):
    """The race of #35, made deterministic: a poll and a missing-URL listing of session s1 are
    still on their way when the tab switches to job 2; they answer only after s2 is made. The tab
    ends in s2's state with s2's list (before the fix, the late poll made s1 current again and
    the late listing kept s2's list from ever being asked for)."""
    from desktop.controllers.archive_browser import ArchiveBrowserController

    answers = viewer_answers(_ca_pem())
    lists: dict[str, list[str]] = {"s1": ["https://www.kb.dk/logo.png"], "s2": []}
    answers["missing_urls"] = lambda sid, offset=0, limit=100: {
        "items": [{"url": u, "kind": "image", "referrer": "", "count": 1, "first_seen": "2026-01-01T00:00:00+00:00",
                   "last_seen": "2026-01-01T00:00:00+00:00"} for u in lists[sid]],
        "total": len(lists[sid]), "offset": offset, "limit": limit}
    answers["session"] = lambda sid: {**viewer_answers("")["set_recording"](sid, True),
                                      "missing_count": len(lists[sid])}
    backend = Gated(answers)
    client = RpcClient(backend, max_threads=4)
    try:
        c = ArchiveBrowserController(client, poll_ms=20)
        shown: list[list[str]] = []
        c.missingChanged.connect(lambda items, total: shown.append([m.url for m in items]))
        c.open([1])
        qtbot.waitUntil(lambda: shown == [[]] or shown == [lists["s1"]], timeout=10000)
        backend.hold = {"session", "missing_urls"}
        c.set_recording(True)
        # a poll of s1 is held; the count it carries (1) differs from the list shown, so it will
        # ask for s1's list too once it answers
        qtbot.waitUntil(lambda: "session" in backend.held, timeout=10000)
        c.open([2])
        qtbot.waitUntil(lambda: backend.methods().count("create_session") == 2, timeout=10000)
        qtbot.waitUntil(lambda: c.session is not None and c.session.session_id == "s2", timeout=10000)
        backend.hold = set()
        backend.release.set()                 # now the old session's answers arrive
        qtbot.waitUntil(lambda: client.in_flight == 0 and shown and shown[-1] == [], timeout=10000)
        qtbot.waitUntil(lambda: client.in_flight == 0, timeout=10000)
        assert c.proxy_credentials() == ("s2", "t2")
        assert shown[-1] == [] and c.session.session_id == "s2"
        listed = [a[0] for _s, m, a, _k in backend.calls if m == "missing_urls"]
        assert listed[-1] == "s2"             # s2's list was asked for after the old one came back
    finally:
        backend.release.set()
        client.shutdown()


def test_an_answer_that_arrives_after_its_controller_was_deleted_is_dropped(qtbot, languages):
    """The teardown error of #35, made deterministic: a poll is on its way when the tab (and its
    controller) is deleted; its answer then arrives. Nothing runs on the deleted controller (before
    the fix: "Signal source has been deleted" from sessionChanged.emit)."""
    import shiboken6

    from desktop.controllers.archive_browser import ArchiveBrowserController

    backend = Gated(viewer_answers(_ca_pem()))
    client = RpcClient(backend)
    try:
        c = ArchiveBrowserController(client, poll_ms=20)
        ready = []
        c.sessionReady.connect(lambda info, s: ready.append(s))
        c.open([1])
        qtbot.waitUntil(lambda: bool(ready), timeout=10000)
        backend.hold = {"session"}
        c.set_recording(True)
        qtbot.waitUntil(lambda: "session" in backend.held, timeout=10000)
        c.timer.stop()
        shiboken6.delete(c)                   # the tab closed: its controller is gone
        assert not shiboken6.isValid(c)
        backend.release.set()
        qtbot.waitUntil(lambda: client.in_flight == 0, timeout=10000)   # the answer came and was dropped
    finally:
        backend.release.set()
        client.shutdown()


@contextlib.contextmanager
def _tls_site(ca):
    """An https page (title "trusted") on loopback, its certificate a leaf of ``ca``; yields its URL.
    Chromium never sends loopback to a proxy, so a tab loads it directly."""
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from PySide6.QtCore import QUrl

    class Page(BaseHTTPRequestHandler):
        def do_GET(self):
            body = b"<title>trusted</title>"
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *_args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Page)
    server.socket = ca.server_context("127.0.0.1").wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield QUrl(f"https://127.0.0.1:{server.server_address[1]}/")
    finally:
        server.shutdown()
        server.server_close()


def _archive_tab(qtbot, client):
    from desktop.screens.archive_browser import ArchiveBrowserScreen

    screen = ArchiveBrowserScreen(client)
    qtbot.addWidget(screen)
    tab = screen.browse([1])
    qtbot.waitUntil(lambda: tab.view is not None, timeout=30000)
    return tab


def test_archive_tab_profile_trusts_the_viewer_ca(qtbot, languages, tmp_path):
    """The tab's off-the-record profile trusts the CA of proxy_info: a page served with a leaf of
    that CA loads without a certificate error, where a profile without it is refused. (The
    profile was once made by the static createOffTheRecordProfile, which ignores the builder's
    trusted certificates: every https page failed.)"""
    import shiboken6
    from PySide6.QtNetwork import QNetworkProxy
    from PySide6.QtWebEngineCore import QWebEnginePage, QWebEngineProfileBuilder

    from server.viewerproxy.ca import CertificateAuthority

    ca = CertificateAuthority(str(tmp_path / "ca"))
    client = RpcClient(Recording(viewer_answers(ca.certificate_pem.decode())))
    try:
        with _tls_site(ca) as url:
            tab = _archive_tab(qtbot, client)
            loads, errors = [], []
            tab.view.page().loadFinished.connect(loads.append)
            tab.view.page().certificateError.connect(lambda e: errors.append(e.description()))
            tab.view.setUrl(url)
            qtbot.waitUntil(lambda: bool(loads), timeout=60000)
            assert loads == [True] and errors == [] and tab.view.page().title() == "trusted"
            assert tab.problem.isHidden()

            other = QWebEngineProfileBuilder().createProfile("")     # the same, without the CA: refused
            page = QWebEnginePage(other)
            refused: list[bool] = []
            page.loadFinished.connect(refused.append)
            page.setUrl(url)
            qtbot.waitUntil(lambda: bool(refused), timeout=60000)
            assert refused == [False]
            shiboken6.delete(page)       # a page before its profile, as Qt WebEngine requires
            shiboken6.delete(other)
            tab.close_session()
    finally:
        client.shutdown()
        QNetworkProxy.setApplicationProxy(QNetworkProxy(QNetworkProxy.ProxyType.NoProxy))


def test_archive_tab_says_when_a_certificate_is_not_the_viewerproxys(qtbot, languages, tmp_path):
    """A page whose certificate another CA signed is refused, and the tab says why and what to do
    (instead of Chromium's bare error page)."""
    from PySide6.QtNetwork import QNetworkProxy

    from server.viewerproxy.ca import CertificateAuthority

    stranger = CertificateAuthority(str(tmp_path / "other-ca"))
    client = RpcClient(Recording(viewer_answers(_ca_pem())))    # the tab trusts another CA
    try:
        with _tls_site(stranger) as url:
            tab = _archive_tab(qtbot, client)
            tab.view.setUrl(url)
            qtbot.waitUntil(lambda: not tab.problem.isHidden(), timeout=60000)
            assert "is not shown: its certificate is not the viewerproxy's" in tab.problem.text()
            assert url.toString() in tab.problem.text()
            tab.close_session()
    finally:
        client.shutdown()
        QNetworkProxy.setApplicationProxy(QNetworkProxy(QNetworkProxy.ProxyType.NoProxy))


def test_capture_information_from_the_proxys_headers():
    from desktop.controllers.archive_browser import capture_from_headers

    c = capture_from_headers("https://www.kb.dk/", 200, {
        "Memento-Datetime": "Thu, 01 Jan 2026 12:00:00 GMT", "X-Archive-File": "1-1-x.warc.gz",
        "X-Archive-Offset": "1234", "X-Archive-Capture": "20260101120000"})
    assert c.archived and c.file == "1-1-x.warc.gz" and c.offset == 1234
    assert c.when == dt.datetime(2026, 1, 1, 12, tzinfo=dt.UTC)
    missing = capture_from_headers("https://www.kb.dk/x.png", 404, {"X-Archive-Missing": "1"})
    assert not missing.archived and missing.when is None


def test_archive_tab_makes_an_off_the_record_profile_per_session_trusting_the_ca(qtbot, languages):
    """The widget side: each session gets its own off-the-record profile (no stale cache across
    jobs), WebRTC on public interfaces only, and answers the proxy's 407 from the session."""
    from PySide6.QtNetwork import QAuthenticator, QNetworkProxy
    from PySide6.QtWebEngineCore import QWebEngineSettings

    from desktop.screens.archive_browser import ArchiveBrowserScreen

    backend = Recording(viewer_answers(_ca_pem()))
    client = RpcClient(backend)
    try:
        screen = ArchiveBrowserScreen(client)
        qtbot.addWidget(screen)
        tab = screen.browse([1])
        qtbot.waitUntil(lambda: tab.view is not None, timeout=30000)
        first = tab.profile
        assert first.isOffTheRecord()
        assert tab.view.page().settings().testAttribute(QWebEngineSettings.WebAttribute.WebRTCPublicInterfacesOnly)
        assert QNetworkProxy.applicationProxy().port() == 8070
        auth = QAuthenticator()
        tab._proxy_auth(None, auth, "127.0.0.1")
        assert (auth.user(), auth.password()) == ("s1", "t1")
        tab.controller.open([2])                     # another job: another session, another profile
        qtbot.waitUntil(lambda: tab.profile is not first, timeout=30000)
        assert tab.profile.isOffTheRecord()
        tab._proxy_auth(None, auth, "127.0.0.1")
        assert (auth.user(), auth.password()) == ("s2", "t2")
        tab.close_session()
    finally:
        client.shutdown()
        QNetworkProxy.setApplicationProxy(QNetworkProxy(QNetworkProxy.ProxyType.NoProxy))


def test_short_lists_sort_case_insensitively_and_count_axes_are_whole(qtbot):
    from PySide6.QtCore import QCoreApplication, Qt

    from desktop.models import Column, DtoListModel
    from desktop.screens.charts import count_step
    from shared.dto.definitions import SeedListDto

    m = DtoListModel(SeedListDto, [Column("name", lambda: QCoreApplication.translate("X", "Name"))])
    m.set_rows([SeedListDto("b", []), SeedListDto("C", []), SeedListDto("a", [])])
    m.sort(0, Qt.SortOrder.AscendingOrder)
    assert [r.name for r in m.rows] == ["a", "b", "C"]
    assert [count_step(t) for t in (3, 9, 17, 90, 1000)] == [1, 2, 5, 20, 200]


def test_a_cell_cut_short_shows_its_whole_text_as_a_tooltip(qtbot):
    from PySide6.QtCore import QCoreApplication, Qt

    from desktop.models import Column, DtoListModel
    from shared.dto.definitions import SeedListDto

    long = "a-very-long-domain-name-of-a-regional-museum.dk"
    m = DtoListModel(SeedListDto, [Column("name", lambda: QCoreApplication.translate("X", "Name"))])
    m.set_rows([SeedListDto(long, [])])
    assert m.data(m.index(0, 0), Qt.ItemDataRole.ToolTipRole) == long
