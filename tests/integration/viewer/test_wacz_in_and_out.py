"""WACZ out of and into the real archive: the arcrepository on SQLite with one bitarchive replica,
the real scheduler and definitions services on one harvest database, the real index server and
the viewerproxy (its proxy its own OS process); ``nas`` runs as its own process, as an admin
(storing files by hand is an admin's act, as with ``nas upload``).

- Export: job 2 revisits an image job 1 holds (crawl.log says where). ``nas export wacz --jobs 2``
  makes a package that ``wacz validate`` accepts, that holds that one original record, and that
  pywb (the reference replay tool) replays — the revisit included.
- Import: a WACZ made by the ``wacz`` package (``wacz create``) from ``wget --warc-file``'s WARC
  becomes a job of its own through ``nas import wacz``; a viewer session over that job replays
  every page byte for byte as wget archived it; the imported job exports again and validates.
- A hostile WACZ (a member not matching its digest, a name leaving the package) is refused with
  one clear line, and nothing is stored and no job is made.
"""
from __future__ import annotations

import gzip
import os
import shutil
import subprocess
import sys
import uuid
import zipfile

import pytest
import requests
import viewer_testkit as kit
from nameko.containers import ServiceContainer
from nameko.standalone.rpc import ClusterRpcProxy
from nas_command import nas_cli
from viewer_testkit.stack import Stack, store
from waiting import wait_for

from shared import contracts

pytestmark = [pytest.mark.rabbit, pytest.mark.slow]

SITE = "http://www.wacz-export.test"
T1, T2 = "2024-01-01T10:00:00Z", "2024-06-01T10:00:00Z"
TS1, TS2 = "20240101100000", "20240601100000"
PAGE1 = b"<html><body>first <img src='/pic.png'></body></html>"
PAGE2 = b"<html><body>second <img src='/pic.png'></body></html>"
WACZ = shutil.which("wacz") or os.path.join(os.path.dirname(sys.executable), "wacz")


class RealSchedulerStack(Stack):
    """The viewer tests' stack with the real scheduler on the definitions service's database."""

    def config(self, inst: str) -> dict:
        cfg = super().config(inst)
        if inst == "scheduler":
            cfg["database"] = {"url": f"sqlite:///{self.root / 'definitions.sqlite'}"}
            cfg["harvest"] = {"scheduler": {"timer_interval": 3600}}
        return cfg

    def start(self, inst: str) -> None:
        if inst != "scheduler":
            return super().start(inst)
        from server.scheduler.service import SchedulerService

        c = ServiceContainer(SchedulerService, self.config(inst))
        c.start()
        self.containers[inst] = c

    def start_all(self) -> None:
        # definitions first: it makes the harvest database the scheduler shares
        for inst in ("definitions", "arcrepository", "bam-one", "ba-one", "scheduler", "index", "viewer"):
            self.start(inst)


def _harvested_jobs(root, files) -> dict:
    """Jobs 1 and 2 as a harvester leaves them: rows in the harvest database (made directly, as
    the harvester's report would end them) and their WARC and metadata files."""
    from sqlalchemy import create_engine, select
    from sqlalchemy.orm import Session

    from server.definitions.models import CrawlProfile, HarvestChannel, HarvestDefinition
    from server.scheduler.models import Job

    engine = create_engine(f"sqlite:///{root / 'definitions.sqlite'}")
    with Session(engine) as s:
        channel = s.execute(select(HarvestChannel).where(HarvestChannel.snapshot.is_(False),
                                                         HarvestChannel.is_default.is_(True))).scalar_one()
        prof = s.execute(select(CrawlProfile).order_by(CrawlProfile.id)).scalars().first()
        for name in ("news", "imports"):
            s.add(HarvestDefinition(name=name, kind="selective", comments="", active=False, runs=1, channel=channel))
        s.flush()
        news = s.execute(select(HarvestDefinition).where(HarvestDefinition.name == "news")).scalar_one()
        for _ in (1, 2):
            s.add(Job(harvest_id=news.id, harvest_run=0, status="done", channel=channel.name, profile_id=prof.id,
                      profile_name=prof.name, outcome="harvested"))
        s.commit()
        ids = sorted(s.execute(select(Job.id)).scalars())
    engine.dispose()
    assert ids == [1, 2]
    a = kit.WarcBuilder(str(files / "1-1-20240101100000-00000-test.warc.gz"))
    a.response(f"{SITE}/", T1, PAGE1)
    pic = a.response(f"{SITE}/pic.png", T1, kit.PNG, "image/png")
    a.close()
    b = kit.WarcBuilder(str(files / "2-1-20240601100000-00000-test.warc.gz"))
    b.response(f"{SITE}/", T2, PAGE2)
    b.revisit(f"{SITE}/pic.png", T2, kit.sha1_digest(kit.PNG), f"{SITE}/pic.png", T1)
    b.close()
    log = kit.crawl_log_line(f"{SITE}/pic.png", TS2, 200, len(kit.PNG), "image/png", kit.sha1_digest(kit.PNG),
                             f'duplicate:"{os.path.basename(a.path)},{pic},{TS1}"')
    m1 = kit.metadata_warc(str(files / "1-metadata-1.warc.gz"), 1, [a.path])
    m2 = kit.metadata_warc(str(files / "2-metadata-1.warc.gz"), 2, [b.path], log)
    return {"paths": [a.path, b.path, m1, m2]}


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    import identity_support
    import rabbit_admin

    vhost = f"nas-test-{uuid.uuid4().hex[:12]}"
    try:
        rabbit_admin.create_vhost(vhost)
    except rabbit_admin.NoBroker as exc:
        pytest.skip(str(exc))
    root = tmp_path_factory.mktemp("wacz")
    config = {"AMQP_URI": f"amqp://guest:guest@127.0.0.1:5672/{vhost}"}
    stack = RealSchedulerStack(config, root)
    files = root / "files"
    files.mkdir()
    made = []
    try:
        stack.start_all()
        facts = _harvested_jobs(root, files)
        with ClusterRpcProxy(config, timeout=60) as rpc:
            wait_for(lambda: rpc.arcrepository.status(), timeout=30)
            for p in facts["paths"]:
                store(rpc, p)
        login, uri = identity_support.add_person(config["AMQP_URI"], "admin")
        made.append(login)
        with _rpc(config) as rpc:
            info = contracts.decode("viewerproxy", "proxy_info", rpc.viewerproxy.proxy_info())
        ca = root / "viewer-ca.pem"
        ca.write_text(info.ca_certificate_pem)
        yield {"config": config, "root": root, "uri": uri, "info": info, "ca": str(ca), "stack": stack}
    finally:
        stack.stop_all()
        for login in made:
            identity_support.remove_person(login)
        rabbit_admin.delete_vhost(vhost)


def _rpc(config):
    return ClusterRpcProxy(config, timeout=60)


def _validate(path) -> None:
    done = subprocess.run([WACZ, "validate", "-f", str(path)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and "Validation succeeded" in done.stdout, done.stdout + done.stderr


def _files(env) -> list[str]:
    with _rpc(env["config"]) as rpc:
        return sorted(f["name"] for f in rpc.arcrepository.list_files(None, 0, 1000, None)["items"])


def _jobs(env) -> int:
    with _rpc(env["config"]) as rpc:
        return rpc.scheduler.list_jobs(None, 0, 100, None)["total"]


def _indexed_session(env, job: int):
    """The job's details, and a viewer session over it once its full index is built."""
    with _rpc(env["config"]) as rpc:
        details = rpc.scheduler.job(job)
        rpc.index_server.request_index("full", [job], 0)
        wait_for(lambda: rpc.index_server.index_status("full", [job], 2)["state"] == "done", timeout=120,
                 interval=0.2)
        return details, contracts.decode("viewerproxy", "create_session", rpc.viewerproxy.create_session([job]))


def _browser(env, session) -> requests.Session:
    http = requests.Session()
    http.trust_env = False
    proxy = f"http://{session.session_id}:{session.token}@{env['info'].host}:{env['info'].port}"
    http.proxies = {"http": proxy, "https": proxy}
    http.verify = env["ca"]
    return http


def test_export_of_a_job_validates_holds_its_revisits_original_and_replays_in_pywb(env):
    out = env["root"] / "job2.wacz"
    done = nas_cli(env["uri"], "export", "wacz", str(out), "--jobs", "2", "--no-progress")
    assert "1 revisit originals added" in done.stdout, done.stdout
    _validate(out)
    with zipfile.ZipFile(out) as z:
        names = set(z.namelist())
        assert {"archive/2-1-20240601100000-00000-test.warc.gz", "archive/2-metadata-1.warc.gz",
                "archive/originals.warc.gz", "indexes/index.cdxj", "pages/pages.jsonl"} <= names
        assert not any(n.startswith("archive/1-") for n in names)     # job 1 itself is not in it
        assert b"/pic.png" in gzip.decompress(z.read("archive/originals.warc.gz"))
        unpacked = env["root"] / "job2-unpacked"
        z.extractall(unpacked)
    # an existing file is not overwritten; an unknown job is one line, exit 2
    again = nas_cli(env["uri"], "export", "wacz", str(out), "--jobs", "2", check=2)
    assert "exists" in again.stderr and "Traceback" not in again.stderr
    unknown = nas_cli(env["uri"], "export", "wacz", str(env["root"] / "x.wacz"), "--jobs", "99", check=4)   # not found
    assert "99" in unknown.stderr and "Traceback" not in unknown.stderr
    assert not (env["root"] / "x.wacz").exists() and not (env["root"] / "x.wacz.part").exists()

    from pywb_replay import Wayback

    with Wayback(str(env["root"] / "pywb"), str(unpacked / "indexes" / "index.cdxj"),
                 str(unpacked / "archive")) as w:
        page = requests.get(w.url(TS2, f"{SITE}/"), timeout=60)
        assert page.status_code == 200 and page.content == PAGE2
        pic = requests.get(w.url(TS2, f"{SITE}/pic.png"), timeout=60)   # the revisit, resolved inside the WACZ
        assert pic.status_code == 200 and pic.content == kit.PNG


def test_a_wacz_made_from_wgets_warc_imports_and_replays_byte_for_byte(env):
    work = env["root"] / "wget"
    work.mkdir()
    warc, port = kit.wget_warc(str(work), "site")
    made = work / "site.wacz"
    done = subprocess.run([WACZ, "create", "-o", str(made), "--detect-pages", warc], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    before = _jobs(env)
    imported = nas_cli(env["uri"], "import", "wacz", "--harvest", "imports", str(made), "--no-progress")
    job = int(imported.stdout.split()[1].rstrip(":"))
    assert _jobs(env) == before + 1
    assert f"{job}-metadata-1.warc.gz" in _files(env)
    details, session = _indexed_session(env, job)
    assert (details["status"], details["channel"], details["harvest"]) == ("done", "import", "imports")
    http = _browser(env, session)
    site = f"http://127.0.0.1:{port}"
    page = http.get(f"{site}/", timeout=30)
    assert page.status_code == 200 and page.content == kit.PAGE
    assert page.headers["X-Archive-File"].startswith(f"{job}-") and "-import.warc.gz" in page.headers["X-Archive-File"]
    img = http.get(f"{site}/img.png", timeout=30)
    assert img.content == kit.PNG and img.headers["Content-Type"] == "image/png"
    gz = http.get(f"{site}/gz.html", timeout=30, stream=True)
    assert gz.headers["Content-Encoding"] == "gzip" and gzip.decompress(gz.raw.read(decode_content=False)) == \
        kit.GZ_TEXT
    chunked = http.get(f"{site}/chunked.html", timeout=30, stream=True)
    assert chunked.raw.read(decode_content=False) == b"".join(kit.CHUNKED_PARTS)
    media = http.get(f"{site}/media.bin", timeout=30)
    assert media.content == kit.MEDIA
    assert http.get(f"{site}/nothere", timeout=30).status_code == 404

    # and out again: the imported job is a job like any other
    again = env["root"] / "imported-again.wacz"
    nas_cli(env["uri"], "export", "wacz", str(again), "--jobs", str(job), "--no-progress")
    _validate(again)


def test_hostile_packages_are_refused_and_nothing_is_stored(env):
    archive = kit.WarcBuilder(str(env["root"] / "hostile.warc.gz"))
    archive.response("http://hostile.test/", T1, b"<html>x</html>")
    warc = archive.close()
    good = env["root"] / "small.wacz"
    done = subprocess.run([WACZ, "create", "-o", str(good), warc], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    files, jobs = _files(env), _jobs(env)

    damaged = env["root"] / "damaged.wacz"
    with zipfile.ZipFile(good) as src, zipfile.ZipFile(damaged, "w") as z:
        for n in src.namelist():
            data = src.read(n)
            if n.startswith("archive/"):
                data = data[:-3] + bytes([data[-3] ^ 0xFF]) + data[-2:]
            z.writestr(n, data)
    bad = nas_cli(env["uri"], "import", "wacz", "--harvest", "imports", str(damaged), check=2)
    assert "does not match its SHA-256" in bad.stderr and "Traceback" not in bad.stderr

    escaping = env["root"] / "escaping.wacz"
    with zipfile.ZipFile(good) as src, zipfile.ZipFile(escaping, "w") as z:
        for n in src.namelist():
            z.writestr(n, src.read(n))
        z.writestr("../../evil.warc", b"WARC/1.1\r\n")
    bad = nas_cli(env["uri"], "import", "wacz", "--harvest", "imports", str(escaping), check=2)
    assert "would leave the package" in bad.stderr

    cut = env["root"] / "cut.warc.gz"
    cut.write_bytes(open(warc, "rb").read()[:-20])
    bad = nas_cli(env["uri"], "import", "warc", "--harvest", "imports", str(cut), check=2)
    assert "truncated" in bad.stderr and "Traceback" not in bad.stderr
    nobody = nas_cli(env["uri"], "import", "warc", "--harvest", "no-such-harvest", warc, check=4)   # not found
    assert "no harvest definition 'no-such-harvest'" in nobody.stderr
    assert _files(env) == files and _jobs(env) == jobs


def test_warc_files_import_as_one_job_with_their_seeds(env):
    a = kit.WarcBuilder(str(env["root"] / "elsewhere-a.warc.gz"))
    a.response("http://www.elsewhere.test/", T1, b"<html>made elsewhere</html>")
    b = kit.WarcBuilder(str(env["root"] / "elsewhere-b.warc.gz"))
    b.response("https://www.elsewhere.test/logo.png", T1, kit.PNG, "image/png")
    paths = [a.close(), b.close()]
    done = nas_cli(env["uri"], "import", "warc", "--harvest", "imports", "--seed", "http://www.elsewhere.test/",
                   *paths, "--no-progress")
    job = int(done.stdout.split()[1].rstrip(":"))
    assert all(os.path.exists(p) for p in paths)                   # the user's files are left alone
    names = [n for n in _files(env) if n.startswith(f"{job}-")]
    assert len(names) == 3 and f"{job}-metadata-1.warc.gz" in names
    details, session = _indexed_session(env, job)
    assert details["seeds"] == ["http://www.elsewhere.test/"]
    http = _browser(env, session)
    assert http.get("http://www.elsewhere.test/", timeout=30).content == b"<html>made elsewhere</html>"
    logo = http.get("https://www.elsewhere.test/logo.png", timeout=30)
    assert logo.content == kit.PNG and logo.headers["X-Archive-File"] in names


def test_a_harvest_and_a_url_list_export_too(env):
    whole = env["root"] / "news.wacz"
    done = nas_cli(env["uri"], "export", "wacz", str(whole), "--harvest", "news", "--no-progress")
    assert "(jobs 1, 2)" in done.stdout and "0 revisit originals added" in done.stdout, done.stdout
    _validate(whole)
    with zipfile.ZipFile(whole) as z:
        assert sorted(n for n in z.namelist() if n.startswith("archive/")) == [
            "archive/1-1-20240101100000-00000-test.warc.gz", "archive/1-metadata-1.warc.gz",
            "archive/2-1-20240601100000-00000-test.warc.gz", "archive/2-metadata-1.warc.gz"]
    urls = env["root"] / "urls.txt"
    urls.write_text(f"# the image only\n{SITE}/pic.png\n")
    some = env["root"] / "pic.wacz"
    nas_cli(env["uri"], "export", "wacz", str(some), "--jobs", "2", "--urls", str(urls), "--no-progress")
    _validate(some)
    with zipfile.ZipFile(some) as z:
        assert [n for n in z.namelist() if n.startswith("archive/")] == ["archive/selection.warc.gz"]
        records = gzip.decompress(z.read("archive/selection.warc.gz"))
        index = z.read("indexes/index.cdxj").decode().splitlines()
    # the revisit of job 2 and, from job 1 (not selected), the original it points to
    assert records.count(b"WARC-Type: revisit") == 1 and records.count(b"WARC-Type: response") == 1
    assert len(index) == 2 and all("/pic.png" in line for line in index)
    nothing = nas_cli(env["uri"], "export", "wacz", str(env["root"] / "none.wacz"), "--harvest", "no-such",
                      check=4)
    assert "no jobs" in nothing.stderr
