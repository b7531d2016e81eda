"""The viewerproxy over RabbitMQ (a private vhost) with the real archive (arcrepository on SQLite,
one bitarchive replica with its monitor), the real index server, a stand-in scheduler, and the
proxy as its own OS process. Browsers are played by ``requests`` through the proxy, over http and
https (the viewer CA as ``verify``).

The fixture archive: a local site captured by ``wget --warc-file`` (job 1: an IP host on a
non-default port, chunked and gzip responses, a redirect, a 404, media), WARCs written with warcio
for named hosts (job 1: first versions and originals; job 2: second versions and a revisit of
each kind), our own crawler's WARCs of the test web (job 3) and of a real static site, Debian's
python3-doc HTML (crawled whole, job 4 by our crawler and job 5 by ``wget --recursive``; the site is
stopped before any page is viewed).

During the whole module, audit hooks record every socket connection and name lookup of this
process and of the proxy process: only the broker and the archive's own file servers are ever
contacted, never a host a browser names.
"""
from __future__ import annotations

import os
import re
import sys
import threading
import urllib.parse
import uuid

import pytest
import requests
import viewer_testkit as kit
from nameko.standalone.rpc import ClusterRpcProxy
from static_site import StaticSite, python_doc, wget_warc
from viewer_testkit.stack import Stack, StandInScheduler, fill

from shared import contracts
from shared.errors import ViewerSessionNotFound

pytestmark = [pytest.mark.rabbit]

T0, T1, T2 = "2023-06-01T10:00:00Z", "2024-01-01T10:00:00Z", "2024-06-01T10:00:00Z"
TS0, TS1, TS2 = "20230601100000", "20240101100000", "20240601100000"
WWW = "http://www.viewer-test.dk"
LOGO2 = kit.PNG + b"-second-logo"

# --- connection audit (this process) ------------------------------------------------------------
_EVENTS: list[tuple[str, object]] = []
_AUDITING = threading.Event()


def _hook(event: str, args: tuple) -> None:
    if not _AUDITING.is_set():
        return
    if event == "socket.connect":
        _EVENTS.append(("connect", args[1]))
    elif event == "socket.getaddrinfo":
        _EVENTS.append(("getaddrinfo", args[0]))


sys.addaudithook(_hook)   # hooks cannot be removed: it records only while _AUDITING is set


def _fixture_archive(files) -> tuple[list[str], int, dict]:
    """The WARCs and metadata files of jobs 1 and 2; the wget site's port; facts for the tests."""
    wget_path, port = kit.wget_warc(str(files), "wget-site")
    wget_name = files / "1-1-20240101100000-00000-wget.warc.gz"
    os.replace(wget_path, wget_name)

    a = kit.WarcBuilder(str(files / "1-1-20240101100000-00001-named.warc.gz"))
    a.response(f"{WWW}/", T1, b"<html><body>version one<img src='/img-missing.png'></body></html>")
    a.response("https://www.viewer-test.dk/secure.html", T1, b"<html><body>secure version one</body></html>")
    a.response("http://static.viewer-test.dk/logo.png", T1, kit.PNG, "image/png")
    a.response(f"{WWW}/pic.png", T1, kit.PNG, "image/png")
    anno_off = a.response(f"{WWW}/anno-orig.png", T1, LOGO2, "image/png")
    a.response(f"{WWW}/loop", T0, b"<html>loop target</html>")
    a.response(f"{WWW}/loop", T1, b"moved", "text/plain", "302 Found", [("Location", f"{WWW}/loop")])
    named1 = a.close()

    b = kit.WarcBuilder(str(files / "2-1-20240601100000-00000-named.warc.gz"))
    b.response(f"{WWW}/", T2, b"<html><body>version two</body></html>")
    b.revisit(f"{WWW}/pic.png", T2, kit.sha1_digest(kit.PNG))
    b.revisit(f"{WWW}/logo.png", T2, kit.sha1_digest(kit.PNG), "http://static.viewer-test.dk/logo.png", T1)
    b.revisit(f"{WWW}/anno.png", T2, kit.sha1_digest(LOGO2))
    b.revisit(f"{WWW}/digest.png", T2, kit.sha1_digest(kit.PNG), "http://static.viewer-test.dk/logo.png",
              "2020-01-01T00:00:00Z")
    named2 = b.close()
    crawl_log = kit.crawl_log_line(f"{WWW}/anno.png", TS2, 200, len(LOGO2), "image/png", kit.sha1_digest(LOGO2),
                                   f'duplicate:"{os.path.basename(named1)},{anno_off},{TS1}"')
    meta1 = kit.metadata_warc(str(files / "1-metadata-1.warc.gz"), 1, [str(wget_name), named1])
    meta2 = kit.metadata_warc(str(files / "2-metadata-1.warc.gz"), 2, [named2], crawl_log)
    crawled, crawled_log = kit.crawler_warcs(str(files), 3)   # job 3: our own crawler's WARCs and crawl.log
    meta3 = kit.metadata_warc(str(files / "3-metadata-1.warc.gz"), 3, crawled, crawled_log)
    with StaticSite(python_doc()) as site:   # a real site, crawled whole: job 4 by our crawler, 5 by wget
        doc, doc_log = kit.real_site_warcs(str(files), 4, site)
        doc_wget = wget_warc(site, str(files), "5-1-20240101100000-00000-wget")
    meta4 = kit.metadata_warc(str(files / "4-metadata-1.warc.gz"), 4, doc, doc_log)
    meta5 = kit.metadata_warc(str(files / "5-metadata-1.warc.gz"), 5, [doc_wget])
    return [str(wget_name), named1, named2, meta1, meta2, *crawled, meta3, *doc, meta4, doc_wget, meta5], port, {
        "named1": os.path.basename(named1), "named2": os.path.basename(named2),
        "crawled": [os.path.basename(p) for p in crawled],
        "doc": {4: [os.path.basename(p) for p in doc], 5: [os.path.basename(doc_wget)]}, "doc_site": site}


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    import rabbit_admin

    vhost = f"nas-test-{uuid.uuid4().hex[:12]}"
    try:
        rabbit_admin.create_vhost(vhost)
    except rabbit_admin.NoBroker as exc:
        pytest.skip(str(exc))
    root = tmp_path_factory.mktemp("viewer")
    conn_log = root / "proxy-connections.log"
    os.environ["NAS_VIEWER_CONNECTION_LOG"] = str(conn_log)   # inherited by the proxy process
    nameko_config = {"AMQP_URI": f"amqp://guest:guest@127.0.0.1:5672/{vhost}"}
    StandInScheduler.jobs = {1: "done", 2: "done", 3: "done", 4: "done", 5: "done"}
    stack = Stack(nameko_config, root)
    files = root / "files"
    files.mkdir()
    paths, port, facts = _fixture_archive(files)
    _AUDITING.set()
    try:
        stack.start_all()
        info = fill(nameko_config, paths, [[1], [1, 2], [2], [3], [4], [5]])
        ca_file = root / "viewer-ca.pem"
        ca_file.write_text(info.ca_certificate_pem)
        yield {"stack": stack, "config": nameko_config, "info": info, "ca": str(ca_file), "port": port,
               "conn_log": conn_log, "root": root, **facts}
    finally:
        _AUDITING.clear()
        stack.stop_all()
        os.environ.pop("NAS_VIEWER_CONNECTION_LOG", None)
        rabbit_admin.delete_vhost(vhost)


def _rpc(env):
    return ClusterRpcProxy(env["config"], timeout=60)


def _session(env, jobs, **kw):
    with _rpc(env) as rpc:
        return contracts.decode("viewerproxy", "create_session", rpc.viewerproxy.create_session(jobs, **kw))


def _browser(env, s) -> requests.Session:
    http = requests.Session()
    http.trust_env = False
    proxy = f"http://{s.session_id}:{s.token}@{env['info'].host}:{env['info'].port}"
    http.proxies = {"http": proxy, "https": proxy}
    http.verify = env["ca"]
    return http


def test_pages_images_encodings_redirects_and_media_from_a_wget_warc(env):
    s = _session(env, [1])
    b = _browser(env, s)
    site = f"http://127.0.0.1:{env['port']}"
    page = b.get(f"{site}/", timeout=30)
    assert page.status_code == 200 and page.content == kit.PAGE
    assert page.headers["Memento-Datetime"].endswith("GMT")
    assert page.headers["X-Archive-File"] == "1-1-20240101100000-00000-wget.warc.gz"
    assert int(page.headers["X-Archive-Offset"]) > 0
    assert page.headers["Link"] == f'<{site}/>; rel="original timegate"'
    img = b.get(f"{site}/img.png", timeout=30)
    assert img.status_code == 200 and img.content == kit.PNG and img.headers["Content-Type"] == "image/png"

    gz = b.get(f"{site}/gz.html", timeout=30)
    assert gz.headers["Content-Encoding"] == "gzip" and gz.content == kit.GZ_TEXT

    chunked = b.get(f"{site}/chunked.html", timeout=30, stream=True)
    raw = chunked.raw.read(decode_content=False)   # after our own framing: no chunk markers inside
    assert raw == b"".join(kit.CHUNKED_PARTS)

    moved = b.get(f"{site}/redirect", timeout=30, allow_redirects=False)
    assert moved.status_code == 302 and moved.headers["Location"] == "/"
    gone = b.get(f"{site}/nothere", timeout=30)
    assert gone.status_code == 404 and "X-Archive-File" in gone.headers and "X-Archive-Missing" not in gone.headers

    part = b.get(f"{site}/media.bin", headers={"Range": "bytes=100-199"}, timeout=30)
    assert part.status_code == 206 and part.content == kit.MEDIA[100:200]
    assert part.headers["Content-Range"] == f"bytes 100-199/{len(kit.MEDIA)}"
    tail = b.get(f"{site}/media.bin", headers={"Range": "bytes=-10"}, timeout=30)
    assert tail.status_code == 206 and tail.content == kit.MEDIA[-10:]


def test_pages_crawled_by_our_own_crawler_replay_over_http_and_https(env):
    b = _browser(env, _session(env, [3]))
    site = f"http://{kit.CRAWLED_HOST}"
    for path in ("/", "/style.css", "/img/1.png", "/notfound"):
        headers, body = kit.testweb_body(path)
        r = b.get(site + path, timeout=30)
        assert r.status_code == (404 if path == "/notfound" else 200), path
        assert r.content == body, path
        assert r.headers["Content-Type"] == dict(headers)["Content-Type"], path
        assert r.headers["X-Archive-File"] in env["crawled"], path
        assert r.headers["Link"] == f'<{site}{path}>; rel="original timegate"', path
        # one Date and one Server, the proxy's; the archived ones renamed as pywb renames them
        assert len(r.raw.headers.getlist("Date")) == 1, path
        assert [v.strip() for v in r.raw.headers.getlist("Server")] == ["nas-viewerproxy"], path
        assert r.headers["X-Archive-Orig-Server"] == "testweb", path
    _, chunked_body = kit.testweb_body("/chunked")   # archived as sent: chunked on the wire
    chunked = b.get(f"{site}/chunked", timeout=30, stream=True)
    assert chunked.raw.read(decode_content=False) == chunked_body
    _, gz = kit.testweb_body("/gzip")
    gzipped = b.get(f"{site}/gzip", timeout=30, stream=True)
    assert gzipped.headers["Content-Encoding"] == "gzip" and gzipped.raw.read(decode_content=False) == gz
    moved = b.get(f"{site}/redirect/chain/1", timeout=30, allow_redirects=False)
    assert moved.status_code == 302 and moved.headers["Location"] == "/redirect/chain/0"
    assert b.get(f"{site}/redirect/chain/1", timeout=30).content == kit.testweb_body("/redirect/chain/0")[1]
    # over https (the viewer CA as verify): the page and the image it embeds
    secure = b.get(f"https://{kit.CRAWLED_HOST}/page/1", timeout=30)
    assert secure.status_code == 200 and secure.content == kit.testweb_body("/page/1")[1]
    assert secure.headers["Link"] == f'<https://{kit.CRAWLED_HOST}/page/1>; rel="original timegate"'
    img = b.get(f"https://{kit.CRAWLED_HOST}/img/1.png", timeout=30)
    assert img.content == kit.testweb_body("/img/1.png")[1] and img.headers["Content-Type"] == "image/png"
    # archived under both schemes (a seed over http, an embed of /page/1 over https, seconds apart):
    # each request gets its own scheme's capture, whichever came last
    assert img.headers["Link"] == f'<https://{kit.CRAWLED_HOST}/img/1.png>; rel="original timegate"'
    # archived over http only: the original is the URL archived, not the one asked for (as pywb says)
    plain = b.get(f"https://{kit.CRAWLED_HOST}/redirect/chain/0", timeout=30)
    assert plain.content == kit.testweb_body("/redirect/chain/0")[1]
    assert plain.headers["Link"] == f'<{site}/redirect/chain/0>; rel="original timegate"'


_LINK = re.compile(rb"""(?:href|src)=["']([^"'#]+)""")


@pytest.mark.parametrize("job", [4, 5], ids=["our-crawler", "wget"])
def test_a_real_site_replays_page_by_page_from_the_archive(env, job):
    """python3-doc crawled whole by our crawler (job 4) and by ``wget --recursive --warc-file``
    (job 5), the site stopped since: a deep page and everything it links to on the site (pages,
    style sheets, scripts, images) come back as they lie on disk."""
    b = _browser(env, _session(env, [job]))
    site, doc = env["doc_site"], python_doc()
    start = "library/asyncio-task.html"
    page = b.get(site.url(start), timeout=30)
    assert page.status_code == 200 and page.headers["X-Archive-File"] in env["doc"][job]
    with open(os.path.join(doc, start), "rb") as fh:
        assert page.content == fh.read()
    linked = set()
    for link in _LINK.findall(page.content):
        url = urllib.parse.urljoin(site.url(start), link.decode())
        if url.startswith(site.url()):
            linked.add(url)
    assert len(linked) > 30
    for url in sorted(linked):
        r = b.get(url, timeout=30)
        assert r.status_code == 200, url
        path = urllib.parse.unquote(urllib.parse.urlsplit(url).path.lstrip("/")) or "index.html"
        with open(os.path.join(doc, path), "rb") as fh:
            assert r.content == fh.read(), url


def test_https_through_the_viewer_ca_and_connect_to_any_host(env):
    s = _session(env, [1])
    b = _browser(env, s)
    r = b.get("https://www.viewer-test.dk/secure.html", timeout=30)   # verify=the viewer CA only
    assert r.status_code == 200 and b"secure version one" in r.content
    assert r.headers["X-Archive-File"] == env["named1"]
    unknown = b.get("https://unknown-host.viewer-test.dk:8443/x", timeout=30)
    assert unknown.status_code == 404 and unknown.headers["X-Archive-Missing"] == "1"
    with pytest.raises(requests.exceptions.SSLError):   # without the CA, the certificate is not trusted
        b.get("https://www.viewer-test.dk/secure.html", timeout=30, verify=True)


def test_without_credentials_the_proxy_asks_for_them(env):
    http = requests.Session()
    http.trust_env = False
    proxy = f"http://{env['info'].host}:{env['info'].port}"
    r = http.get(f"{WWW}/", proxies={"http": proxy}, timeout=30)
    assert r.status_code == 407 and r.headers["Proxy-Authenticate"].startswith("Basic")
    bad = http.get(f"{WWW}/", proxies={"http": f"http://nosuch:token@{env['info'].host}:{env['info'].port}"},
                   timeout=30)
    assert bad.status_code == 407


def test_two_sessions_on_two_job_sets_see_different_captures_and_accept_datetime(env):
    one = _browser(env, _session(env, [1]))
    both = _browser(env, _session(env, [1, 2]))
    assert b"version one" in one.get(f"{WWW}/", timeout=30).content
    newest = both.get(f"{WWW}/", timeout=30)
    assert b"version two" in newest.content and newest.headers["Memento-Datetime"] == "Sat, 01 Jun 2024 10:00:00 GMT"
    older = both.get(f"{WWW}/", headers={"Accept-Datetime": "Mon, 01 Jan 2024 00:00:00 GMT"}, timeout=30)
    assert b"version one" in older.content
    at_t1 = _browser(env, _session(env, [1, 2], timestamp="20240102"))
    assert b"version one" in at_t1.get(f"{WWW}/", timeout=30).content


def test_the_proxy_sees_a_session_change_or_stop_at_once(env):
    """The proxy keeps sessions and lookups in memory: what an RPC changed applies from the
    very next request (the service waits for the proxy to forget its copy), over plain http and
    inside an https tunnel opened before the change."""
    s = _session(env, [1])
    b = _browser(env, s)
    tunnel = _browser(env, s)
    assert b"version one" in b.get(f"{WWW}/", timeout=30).content   # session and lookup now kept
    assert b"secure version one" in tunnel.get("https://www.viewer-test.dk/secure.html", timeout=30).content
    with _rpc(env) as rpc:
        rpc.viewerproxy.update_session(s.session_id, [1, 2])
    assert b"version two" in b.get(f"{WWW}/", timeout=30).content   # the new job set's captures
    with _rpc(env) as rpc:
        rpc.viewerproxy.update_session(s.session_id, None, "20240102")
        assert b"version one" in b.get(f"{WWW}/", timeout=30).content   # the new moment
        rpc.viewerproxy.set_recording(s.session_id, True)
        assert b.get(f"{WWW}/recorded-at-once.png", timeout=30).status_code == 404
        listed = contracts.decode("viewerproxy", "missing_urls", rpc.viewerproxy.missing_urls(s.session_id))
        assert [m.url for m in listed.items] == [f"{WWW}/recorded-at-once.png"]
        rpc.viewerproxy.stop_session(s.session_id)
    assert b.get(f"{WWW}/", timeout=30).status_code == 407
    # the tunnel opened before the stop: its next request is refused too (the keep-alive connection
    # is reused by requests; a 407 inside the tunnel is what the proxy answers)
    assert tunnel.get("https://www.viewer-test.dk/secure.html", timeout=30).status_code == 407


def test_revisits_of_every_kind_resolve_to_their_payload(env):
    b = _browser(env, _session(env, [1, 2]))
    expected = {"pic.png": ("same-url-digest", kit.PNG), "logo.png": ("refers-to", kit.PNG),
                "anno.png": ("crawl-log", LOGO2), "digest.png": ("digest", kit.PNG)}
    for name, (how, body) in expected.items():
        r = b.get(f"{WWW}/{name}", timeout=30)
        assert r.status_code == 200, name
        assert r.content == body, name
        assert r.headers["X-Archive-Revisit-Resolved-By"] == how, name
        assert r.headers["X-Archive-File"] == env["named2"], name
        assert r.headers["X-Archive-Revisit-Of"].startswith(env["named1"] + ":"), name
        assert r.headers["Memento-Datetime"] == "Sat, 01 Jun 2024 10:00:00 GMT", name


def test_a_self_redirect_is_skipped_for_the_next_capture(env):
    b = _browser(env, _session(env, [1]))
    r = b.get(f"{WWW}/loop", timeout=30, allow_redirects=False)
    assert r.status_code == 200 and r.content == b"<html>loop target</html>"


def test_websocket_upgrades_are_refused(env):
    b = _browser(env, _session(env, [1]))
    r = b.get(f"{WWW}/socket", headers={"Upgrade": "websocket", "Connection": "Upgrade"}, timeout=30)
    assert r.status_code == 403


def test_control_urls_in_an_archived_page_change_nothing(env):
    s = _session(env, [1], recording=True)
    b = _browser(env, s)
    for command in ("stopRecordingURIs", "clearRecordedURIs", "changeIndex?jobID=2", "startRecordingURIs"):
        r = b.get(f"http://viewerproxy.invalid/{command}", timeout=30)
        assert r.status_code == 403
    with _rpc(env) as rpc:
        after = contracts.decode("viewerproxy", "session", rpc.viewerproxy.session(s.session_id))
    assert after.recording is True and after.job_ids == [1]
    status = b.get("http://viewerproxy.invalid/getStatus", timeout=30).json()
    assert status["job_ids"] == [1] and status["recording"] is True


def test_data_commands_on_the_reserved_host(env):
    b = _browser(env, _session(env, [1]))
    whole = b.get(f"http://viewerproxy.invalid/getFile?arcFile={env['named1']}", timeout=30)
    assert whole.status_code == 200
    assert whole.content == open(os.path.join(env["root"], "files", env["named1"]), "rb").read()
    page = b.get(f"{WWW}/", timeout=30)
    rec = b.get(f"http://viewerproxy.invalid/getRecord?arcFile={page.headers['X-Archive-File']}"
                f"&arcOffset={page.headers['X-Archive-Offset']}", timeout=30)
    assert rec.status_code == 200 and rec.content.startswith(b"200 OK") and b"version one" in rec.content
    meta = b.get("http://viewerproxy.invalid/getMetadata?jobID=1", timeout=30)
    assert meta.status_code == 200 and meta.content == open(os.path.join(env["root"], "files",
                                                                         "1-metadata-1.warc.gz"), "rb").read()
    bad = b.get("http://viewerproxy.invalid/getRecord?arcFile=../etc/passwd&arcOffset=0", timeout=30)
    assert bad.status_code == 400
    assert b.get("http://viewerproxy.invalid/ca.pem", timeout=30).text == env["info"].ca_certificate_pem


def test_data_commands_answer_for_the_session_s_jobs_only(env):
    """#29 item 5: a session's getFile, getRecord and getMetadata answered for files and jobs
    outside the session."""
    b = _browser(env, _session(env, [1]))
    other = env["named2"]                                          # a file of job 2
    for url in (f"http://viewerproxy.invalid/getFile?arcFile={other}",
                f"http://viewerproxy.invalid/getRecord?arcFile={other}&arcOffset=0",
                "http://viewerproxy.invalid/getFile?arcFile=2-metadata-1.warc.gz",
                "http://viewerproxy.invalid/getFile?arcFile=wget-site.warc.gz",   # no job at all
                "http://viewerproxy.invalid/getMetadata?jobID=2",
                "http://viewerproxy.invalid/getMetadata?jobID=99"):
        r = b.get(url, timeout=30)
        assert r.status_code == 403 and b"not one of this session" in r.content, (url, r.status_code)
        assert b"version two" not in r.content and b"WARC/" not in r.content
    # the same commands for job 2 in a session of job 2
    b2 = _browser(env, _session(env, [2]))
    assert b2.get(f"http://viewerproxy.invalid/getFile?arcFile={other}", timeout=30).status_code == 200
    assert b2.get("http://viewerproxy.invalid/getMetadata?jobID=2", timeout=30).status_code == 200


def test_session_rpcs_reject_bad_input_with_typed_errors(env):
    from shared.errors import InvalidInput, JobNotFound

    with _rpc(env) as rpc:
        with pytest.raises(InvalidInput):
            rpc.viewerproxy.create_session([])
        with pytest.raises(InvalidInput):
            rpc.viewerproxy.create_session([1], "2024-01")
        with pytest.raises(JobNotFound, match="no job 999") as err:     # #33: was made, and showed nothing
            rpc.viewerproxy.create_session([1, 999])
        assert err.value.details == {"job_ids": [999]}
        with pytest.raises(ViewerSessionNotFound):
            rpc.viewerproxy.session("nope")
        s = contracts.decode("viewerproxy", "create_session", rpc.viewerproxy.create_session([1]))
        on = contracts.decode("viewerproxy", "set_recording", rpc.viewerproxy.set_recording(s.session_id, True))
        assert on.recording is True and on.token == ""
        moved = contracts.decode("viewerproxy", "update_session",
                                 rpc.viewerproxy.update_session(s.session_id, [1, 2], "2024"))
        assert moved.job_ids == [1, 2] and moved.timestamp == "20240101000000"
        with pytest.raises(JobNotFound, match="no job 998, 999"):
            rpc.viewerproxy.update_session(s.session_id, [1, 998, 999])
        assert s.session_id in [x.session_id for x in contracts.decode(
            "viewerproxy", "list_sessions", rpc.viewerproxy.list_sessions())]
        stopped = contracts.decode("viewerproxy", "stop_session", rpc.viewerproxy.stop_session(s.session_id))
        assert stopped.state == "stopped"
    assert _browser(env, s).get(f"{WWW}/", timeout=30).status_code == 407


def test_captures_of_a_url_across_two_jobs_and_stepping_the_session_to_each(env):
    """What the archive browser's previous/next capture does: list the captures of the page in
    the session's jobs, set the session's moment to one of them, and the proxy replays that one."""
    from shared.errors import InvalidUrl

    s = _session(env, [1, 2])
    b = _browser(env, s)
    with _rpc(env) as rpc:
        found = contracts.decode("viewerproxy", "captures", rpc.viewerproxy.captures(s.session_id, f"{WWW}/"))
        # the same page by another spelling (scheme, www, case): the same SURT, the same captures
        again = contracts.decode("viewerproxy", "captures",
                                 rpc.viewerproxy.captures(s.session_id, "https://VIEWER-TEST.dk/"))
        assert [(c.timestamp, c.job_id, c.file, c.status) for c in found] == [
            (TS1, 1, env["named1"], "200"), (TS2, 2, env["named2"], "200")]
        assert again == found and all(c.offset is not None and not c.revisit for c in found)
        newest = b.get(f"{WWW}/", timeout=30)
        assert b"version two" in newest.content and newest.headers["X-Archive-Capture"] == TS2
        rpc.viewerproxy.update_session(s.session_id, timestamp=found[0].timestamp)     # "previous capture"
        older = b.get(f"{WWW}/", timeout=30)
        assert b"version one" in older.content
        assert (older.headers["X-Archive-File"], int(older.headers["X-Archive-Offset"])) == (
            found[0].file, found[0].offset)
        # a revisit is a capture of its own (its payload is job 1's); the crawl log's duplicate
        # annotation tells the index so before its record is read
        pics = contracts.decode("viewerproxy", "captures", rpc.viewerproxy.captures(s.session_id, f"{WWW}/pic.png"))
        assert [(c.timestamp, c.job_id) for c in pics] == [(TS1, 1), (TS2, 2)]
        anno = contracts.decode("viewerproxy", "captures", rpc.viewerproxy.captures(s.session_id, f"{WWW}/anno.png"))
        assert [(c.timestamp, c.job_id, c.revisit) for c in anno] == [(TS2, 2, True)]
        # only the session's jobs count
        one = _session(env, [1])
        assert [c.timestamp for c in contracts.decode(
            "viewerproxy", "captures", rpc.viewerproxy.captures(one.session_id, f"{WWW}/"))] == [TS1]
        assert rpc.viewerproxy.captures(s.session_id, f"{WWW}/never-archived") == []
        with pytest.raises(ViewerSessionNotFound):
            rpc.viewerproxy.captures("nope", f"{WWW}/")
        with pytest.raises(InvalidUrl):
            rpc.viewerproxy.captures(s.session_id, "not a url")


def test_the_command_line(env, tmp_path, capsys):
    import json

    from server.cli.main import main

    uri = ["--amqp-uri", env["config"]["AMQP_URI"]]
    assert main(["viewer", "session", "create", "--jobs", "1-2", "--record", "--json", *uri]) == 0
    created = json.loads(capsys.readouterr().out)
    s = contracts.decode("viewerproxy", "session", created)
    s.token = created["token"]
    assert _browser(env, s).get(f"{WWW}/cli-missing.css", headers={"Accept": "text/css"}, timeout=30).status_code == 404
    assert main(["viewer", "session", "status", s.session_id, *uri]) == 0
    assert " guest " in capsys.readouterr().out      # its owner: the caller (the suite's login)
    out = tmp_path / "missing.txt"
    assert main(["viewer", "session", "missing", s.session_id, "--export", str(out), *uri]) == 0
    assert out.read_text() == f"{WWW}/cli-missing.css\n"
    assert main(["viewer", "session", "stop", s.session_id, *uri]) == 0
    assert "1 missing URL(s) kept" in capsys.readouterr().out
    assert main(["viewer", "session", "create", "--jobs", "x", *uri]) == 2
    assert main(["viewer", "session", "status", "nosuch", *uri]) != 0
    assert main(["viewer", "info", "--ca", str(tmp_path / "ca.pem"), *uri]) == 0
    assert (tmp_path / "ca.pem").read_text() == env["info"].ca_certificate_pem


def test_missing_urls_become_seeds_of_a_domain_through_the_definitions_service(env):
    from shared.errors import InvalidInput, InvalidUrl

    s = _session(env, [1], recording=True)
    b = _browser(env, s)
    asked = [f"{WWW}/seeds/a.html", "https://shop.viewer-test.dk/seeds/b.js", "http://cdn.elsewhere.dk/c.png"]
    for url in asked:
        assert b.get(url, headers={"Referer": f"{WWW}/"}, timeout=30).status_code == 404
    with _rpc(env) as rpc:
        d = rpc.definitions.create_domain("viewer-test.dk")
        before = {sl["name"]: sl["seeds"] for sl in d["seed_lists"]}
        # named URLs outside the domain: refused, naming them; nothing changes
        with pytest.raises(InvalidUrl, match=r"outside the domain viewer-test\.dk .*cdn\.elsewhere\.dk") as err:
            rpc.viewerproxy.add_missing_as_seeds(s.session_id, "viewer-test.dk", urls=asked)
        assert [x["url"] for x in err.value.details["seeds"]] == ["http://cdn.elsewhere.dk/c.png"]
        unchanged = rpc.definitions.get_domain("viewer-test.dk")
        assert unchanged["edition"] == d["edition"]
        assert {sl["name"]: sl["seeds"] for sl in unchanged["seed_lists"]} == before
        with pytest.raises(InvalidInput, match="missing-URL list"):
            rpc.viewerproxy.add_missing_as_seeds(s.session_id, "viewer-test.dk", urls=[f"{WWW}/never-asked"])
        # all the session's missing URLs of the domain (the other domain's are left out)
        assert rpc.viewerproxy.add_missing_as_seeds(s.session_id, "viewer-test.dk") == 2
        after = rpc.definitions.get_domain("viewer-test.dk")
        seeds = {sl["name"]: sl["seeds"] for sl in after["seed_lists"]}
        assert seeds["qa-missing"] == asked[:2]
        default = next(c for c in after["configurations"] if c["name"] == after["default_configuration"])
        assert "qa-missing" in default["seed_lists"]
        assert rpc.viewerproxy.add_missing_as_seeds(s.session_id, "viewer-test.dk") == 0   # already seeds
        with pytest.raises(InvalidInput):   # none of the session's missing URLs is of that domain
            rpc.viewerproxy.add_missing_as_seeds(s.session_id, "nowhere-else.dk")


def test_the_command_line_pages_missing_urls_and_makes_them_seeds(env, capsys):
    from server.cli.main import main

    uri = ["--amqp-uri", env["config"]["AMQP_URI"]]
    s = _session(env, [1], recording=True)
    b = _browser(env, s)
    asked = ["http://www.cli-seeds.dk/a.html", "http://www.cli-seeds.dk/b.html", "http://cdn.elsewhere.dk/c.png"]
    for url in asked:
        assert b.get(url, headers={"Referer": f"{WWW}/"}, timeout=30).status_code == 404
    with _rpc(env) as rpc:
        rpc.definitions.create_domain("cli-seeds.dk")
    capsys.readouterr()
    # one page at a time, saying where the next one starts
    assert main(["viewer", "session", "missing", s.session_id, "--limit", "2", *uri]) == 0
    out = capsys.readouterr().out
    assert asked[0] in out and asked[1] in out and asked[2] not in out
    assert "URLs 1-2 of 3 (next: --offset 2)" in out
    assert main(["viewer", "session", "missing", s.session_id, "--offset", "2", "--limit", "2", *uri]) == 0
    out = capsys.readouterr().out
    assert asked[2] in out and asked[0] not in out and "URLs 3-3 of 3" in out and "next" not in out
    # typed errors as one sentence each, no traceback, nothing changed
    cases = [([s.session_id, "cli-seeds.dk", asked[2]], "outside the domain cli-seeds.dk", 2),
             ([s.session_id, "cli-seeds.dk", "http://www.cli-seeds.dk/never-asked"], "missing-URL list", 2),
             ([s.session_id, "nowhere-else.dk"], "missing-URL list", 2),
             (["nosuch", "cli-seeds.dk"], "no viewer session", 4),                     # not found
             ([s.session_id, "elsewhere.dk", asked[2]], "elsewhere.dk", 4)]                # no such domain
    for argv, sentence, code in cases:
        assert main(["viewer", "session", "add-missing-as-seeds", *argv, *uri]) == code, argv
        err = capsys.readouterr().err
        assert sentence in err and "Traceback" not in err and err.count("\n") == 1, err
    # the named URL only, then the rest of the domain's into another seed list
    assert main(["viewer", "session", "add-missing-as-seeds", s.session_id, "cli-seeds.dk", asked[1], *uri]) == 0
    assert "1 new seed(s) added to the seed list qa-missing of cli-seeds.dk" in capsys.readouterr().out
    assert main(["viewer", "session", "add-missing-as-seeds", s.session_id, "cli-seeds.dk",
                 "--seed-list", "from-qa", *uri]) == 0
    assert "2 new seed(s) added to the seed list from-qa" in capsys.readouterr().out
    with _rpc(env) as rpc:
        d = rpc.definitions.get_domain("cli-seeds.dk")
    seeds = {sl["name"]: sl["seeds"] for sl in d["seed_lists"]}
    assert seeds["qa-missing"] == [asked[1]] and seeds["from-qa"] == asked[:2]
    default = next(c for c in d["configurations"] if c["name"] == d["default_configuration"])
    assert {"qa-missing", "from-qa"} <= set(default["seed_lists"])


def test_the_command_line_changes_a_session_and_clears_its_missing_urls(env, capsys):
    """#33: there was no `nas viewer session change|clear` (the RPCs were there)."""
    import json

    from server.cli.main import main

    uri = ["--amqp-uri", env["config"]["AMQP_URI"]]
    s = _session(env, [1], recording=True)
    assert _browser(env, s).get(f"{WWW}/cli-clear.css", headers={"Accept": "text/css"}, timeout=30).status_code == 404
    capsys.readouterr()
    assert main(["viewer", "session", "change", s.session_id, "--jobs", "1-2", "--at", "2026", "--no-record",
                 "--json", *uri]) == 0
    changed = contracts.decode("viewerproxy", "session", json.loads(capsys.readouterr().out))
    assert changed.job_ids == [1, 2] and changed.timestamp.startswith("2026") and not changed.recording
    assert main(["viewer", "session", "change", s.session_id, "--newest", *uri]) == 0
    assert " newest " in capsys.readouterr().out
    assert main(["viewer", "session", "change", s.session_id, *uri]) == 2          # nothing to change
    assert "nothing to change" in capsys.readouterr().err
    assert main(["viewer", "session", "change", s.session_id, "--jobs", "999999", *uri]) == 4   # no such job
    assert "999999" in capsys.readouterr().err
    assert main(["viewer", "session", "clear", s.session_id, *uri]) == 0
    assert f"session {s.session_id}: 1 missing URL(s) forgotten" in capsys.readouterr().out
    with _rpc(env) as rpc:
        assert rpc.viewerproxy.missing_urls(s.session_id)["total"] == 0
    assert main(["viewer", "session", "clear", "nosuch", *uri]) == 4
    assert capsys.readouterr().err.startswith("nas: not found: ")


def test_a_viewer_session_is_its_makers_only(env, people):
    """#29 item 5: sessions had no owner (a curator read and cleared a QA user's missing URLs and
    stopped the session; a caller could label a session with another user's name). The owner is
    the verified caller (their broker login); others are refused, admins excepted; each lists
    only its own."""
    from shared.client import ServiceClient
    from shared.errors import PermissionDenied

    # people in the users table of the stack's definitions service
    logins = {role: people(env["config"]["AMQP_URI"], role) for role in ("qa", "curator", "admin")}

    def as_(role, subject):
        return ServiceClient(logins[role][1], timeout=60)

    _sessions_have_owners(as_, logins["qa"][0], logins["curator"][0], PermissionDenied)
    # every change of a session is in the viewerproxy's audit log under the login that made it (#29)
    import json

    quinn, carl, ada = logins["qa"][0], logins["curator"][0], logins["admin"][0]
    entries = [json.loads(line) for line in (env["root"] / "viewer" / "audit.log").read_text().splitlines()]
    seen = {(e["who"], e["action"], e["outcome"], e.get("error")) for e in entries if e["who"] in (quinn, carl, ada)}
    assert (quinn, "viewerproxy.create_session", "ok", None) in seen
    for action in ("update_session", "set_recording", "stop_session", "clear_missing"):    # another's session
        assert (carl, f"viewerproxy.{action}", "failed", "permission_denied") in seen, action
    assert (ada, "viewerproxy.stop_session", "ok", None) in seen


def _sessions_have_owners(as_, quinn_login, carl_login, PermissionDenied):
    with as_("qa", "quinn") as quinn:
        made = quinn.viewerproxy.create_session([1], None, True, carl_login)   # a name it writes: ignored
        sid = made["session_id"]
        assert made["user"] == quinn_login
        assert quinn.viewerproxy.session(sid)["recording"] is True
        assert sid in [s["session_id"] for s in quinn.viewerproxy.list_sessions()]
    with as_("curator", "carl") as carl:
        for call in (lambda: carl.viewerproxy.session(sid), lambda: carl.viewerproxy.missing_urls(sid),
                     lambda: carl.viewerproxy.clear_missing(sid), lambda: carl.viewerproxy.set_recording(sid, False),
                     lambda: carl.viewerproxy.update_session(sid, [2]), lambda: carl.viewerproxy.stop_session(sid),
                     lambda: carl.viewerproxy.add_missing_as_seeds(sid, "kb.dk")):
            with pytest.raises(PermissionDenied, match="is another user's"):
                call()
        assert sid not in [s["session_id"] for s in carl.viewerproxy.list_sessions()]
    with as_("admin", "ada") as ada:
        assert ada.viewerproxy.session(sid)["state"] == "active" and ada.viewerproxy.session(sid)["job_ids"] == [1]
        assert sid in [s["session_id"] for s in ada.viewerproxy.list_sessions()]
        assert ada.viewerproxy.stop_session(sid)["state"] == "stopped"


def test_zy_missing_urls_are_recorded_per_session_and_survive_a_restart(env):
    rec = _session(env, [1], recording=True)
    other = _session(env, [1], recording=True)
    b = _browser(env, rec)
    page = b.get(f"{WWW}/", timeout=30)
    assert b"img-missing.png" in page.content
    for _ in range(2):
        miss = b.get(f"{WWW}/img-missing.png", headers={"Referer": f"{WWW}/", "Sec-Fetch-Dest": "image"},
                     timeout=30)
        assert miss.status_code == 404 and b"not in the archive" in miss.content
    assert b.get(f"{WWW}/favicon.ico", timeout=30).status_code == 404     # junk: never recorded
    with _rpc(env) as rpc:
        listed = contracts.decode("viewerproxy", "missing_urls", rpc.viewerproxy.missing_urls(rec.session_id))
        assert [(m.url, m.kind, m.referrer, m.count) for m in listed.items] == [
            (f"{WWW}/img-missing.png", "image", f"{WWW}/", 2)]
        others = contracts.decode("viewerproxy", "missing_urls", rpc.viewerproxy.missing_urls(other.session_id))
        assert others.total == 0
    # a restart: the service and its proxy process end, new ones start on the same database
    env["stack"].stop("viewer")
    import json

    import sqlalchemy
    from sqlalchemy.orm import Session

    from server.viewerproxy import sessions

    engine = sqlalchemy.create_engine(f"sqlite:///{env['root'] / 'viewer' / 'viewer.db'}")
    with Session(engine) as db:
        kept = sessions.missing(db, rec.session_id)
        assert [(m.url, m.count) for m in kept.items] == [(f"{WWW}/img-missing.png", 2)]
        assert sessions.missing(db, other.session_id).total == 0
    engine.dispose()
    env["stack"].start("viewer")
    where = json.loads((env["root"] / "viewer" / "viewerproxy" / "listening.json").read_text())
    proxy = f"http://{rec.session_id}:{rec.token}@127.0.0.1:{where['port']}"
    b = _browser(env, rec)
    b.proxies = {"http": proxy, "https": proxy}
    status = b.get("http://viewerproxy.invalid/getStatus", timeout=30).json()
    assert status["missing_count"] == 1 and status["recording"] is True
    assert b.get(f"{WWW}/img-missing.png", timeout=30).status_code == 404
    assert b.get("http://viewerproxy.invalid/getStatus", timeout=30).json()["missing_count"] == 1


def test_zz_nothing_but_the_archive_was_contacted(env):
    """Runs last in the module (name order): every connection of this process and of the proxy
    process went to the broker or to the archive's file servers on loopback; no host a browser
    named was ever looked up."""
    archived_hosts = ("viewer-test.dk", "viewerproxy.invalid", "unknown-host", kit.CRAWLED_HOST)
    doc_site = f"('127.0.0.1', {env['doc_site'].port})"   # the real site crawled for jobs 4 and 5
    lines = env["conn_log"].read_text().splitlines()
    assert any(line.startswith("connect") for line in lines)   # the log is written
    for line in lines:
        kind, _, what = line.partition(" ")
        assert not any(h in what for h in archived_hosts) and doc_site not in what, line
        if kind == "connect":
            assert what.startswith(("('127.0.0.1'", "('::1'", "'/")), line
    for kind, what in list(_EVENTS):
        assert not any(h in str(what) for h in archived_hosts), (kind, what)
        if kind == "connect" and isinstance(what, tuple):
            assert what[0] in ("127.0.0.1", "::1") and what[1] != env["doc_site"].port, (kind, what)

