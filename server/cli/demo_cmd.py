"""``nas demo``: every service on this host, a harvest of a local website, the result archived
twice with verified checksums, the archived front page read back from the archive, audited,
browsed through the viewerproxy (after the website has stopped: only the archive answers), and a
notification recorded by the notifier (its log channel; no mail server on a demo machine).

Safe to run twice: configs are rewritten, services already running are left alone, and each run
makes a new harvest definition. ``nas demo --stop`` ends the demo's processes.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

from server.cli.common import Unreachable, call, human_age, print_table, rpc_proxy

DEMO_VHOST = "nas-demo"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("demo", help="run every service on this host, harvest a local site, show the archive")
    p.add_argument("--dir", default=os.environ.get("NAS_DEMO_DIR", os.path.abspath("data/demo")),
                   help="where the demo keeps configs, data and logs (default: ./data/demo)")
    p.add_argument("--host", default="127.0.0.1", help="RabbitMQ host")
    p.add_argument("--vhost", default=DEMO_VHOST, help="RabbitMQ virtual host (created if missing)")
    p.add_argument("--web-port", type=int, default=8390, help="port of the demo website (the crawler's proxy)")
    p.add_argument("--viewer-port", type=int, default=8392,
                   help="port of the viewerproxy (browsers' HTTP and HTTPS proxy onto the archive)")
    p.add_argument("--stop", action="store_true", help="stop the demo's services (and its website) and exit")
    p.add_argument("--keep-website", action="store_true",
                   help="keep the demo website (the crawler's proxy) running in the background until --stop, "
                        "so that later harvests of the demo domain reach it")
    p.add_argument("--timeout", type=float, default=90.0, help="seconds to wait for services to come up")
    p.set_defaults(func=run)


def _step(text: str) -> None:
    print(f"\n== {text}", flush=True)


def _say(text: str) -> None:
    print(f"  {text}", flush=True)


def _migrate(demo_dir: str) -> None:
    # Once, before the services start: two services upgrading one empty SQLite file would race.
    from server.db.engine import make_engine
    from server.db.migrate import upgrade
    from server.demo.layout import harvest_db_url

    os.makedirs(os.path.join(demo_dir, "data"), exist_ok=True)
    engine = make_engine(harvest_db_url(demo_dir))
    upgrade(engine, "harvest", "server.harvestdb.migrations")
    engine.dispose()


def _wait_for_instances(proxy, wanted: set[str], timeout: float) -> bool:
    from shared.enums import InstanceState

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            instances = call(proxy, "monitor", "instances")
        except Unreachable:
            instances = []
        if wanted <= {i.instance_id for i in instances if i.state in (InstanceState.RUNNING, InstanceState.DORMANT)}:
            return True
        time.sleep(1)
    missing = wanted - {i.instance_id for i in instances}
    _say(f"not up after {timeout:.0f}s: {', '.join(sorted(missing))}")
    return False


def run(args: argparse.Namespace) -> int:
    from server.demo import harvest as story
    from server.demo.layout import REPLICAS, demo_instances, write_configs
    from server.demo.website import DemoWebsite
    from server.runtime import supervisor

    config_dir = os.path.join(args.dir, "config")
    if args.stop:
        if os.path.isdir(config_dir):
            supervisor.stop(config_dir)
        stopped_site = stop_website(args.dir)
        print("demo services stopped" + (" (and the demo website)" if stopped_site else ""))
        return 0

    from server.cli.common import check_port_free

    check_port_free(args.web_port, "the demo website, which is also the crawler's proxy", "--web-port")
    broker = f"amqp://{args.host}:5672/{args.vhost}"      # no login: each caller brings their own
    instances = demo_instances(args.dir, f"http://127.0.0.1:{args.web_port}", args.viewer_port)
    _step(f"1. configuring {len(instances)} service instances in {config_dir} (vhost {args.vhost})")
    # every service instance and every person logs in to the broker with an account of its own
    # (docs/security.md): made here through RabbitMQ's management API, passwords kept for reruns
    from server.demo.accounts import add_people_to_table, ensure_accounts, kind_of, password_file, service_login
    from server.demo.layout import harvest_db_url
    from shared.credentials import Login, uri_with_login

    logins = {i.instance_id: service_login(kind_of(i.service), i.instance_id, args.vhost) for i in instances}
    own = service_login("demo", "nas-demo", args.vhost)
    passwords = ensure_accounts(args.dir, args.vhost, [*logins.values(), own])
    service_uris = {i: uri_with_login(broker, Login(login, passwords[login])) for i, login in logins.items()}
    write_configs(config_dir, service_uris, instances)
    # The installation key beside the configs (where every demo service looks for it): it signs
    # transfer tickets and file URLs between the services.
    from server.runtime.tokens import create_key_file

    create_key_file(os.path.join(os.path.abspath(config_dir), "installation.key"))
    _migrate(args.dir)
    add_people_to_table(harvest_db_url(args.dir))
    # this command plays a service (it also sends the notification event a service would)
    amqp_uri = uri_with_login(broker, Login(own, passwords[own]))

    _step("2. starting the services")
    for p in supervisor.start(config_dir):
        _say(f"{p.instance.instance_id:<24} pid {p.pid:<8} log {p.instance.log_file}")

    connection = argparse.Namespace(amqp_uri=amqp_uri, broker_config=None, timeout=60)
    with rpc_proxy(connection) as rpc:
        _step("3. waiting for every instance to report to the monitor")
        if not _wait_for_instances(rpc, {i.instance_id for i in instances}, args.timeout):
            _say(f"see the logs in {os.path.join(args.dir, 'data')}/*/logs/")
            return 1
        _print_status(rpc)

        with DemoWebsite(args.web_port) as site:
            _step(f"4. defining what to harvest (the demo website answers as www.{story.DOMAIN} via {site.proxy_url})")
            name = story.define(rpc, _say)

            _step("5. harvesting: scheduler → harvester → crawler → archive")
            job = story.harvest(rpc, name, _say)
        for d in story.job_domains(rpc, job.id):
            _say(f"{d.domain}: {d.objects} objects, {d.bytes} bytes, "
                 f"stopped: {d.stop_reason.value if d.stop_reason else None}")
        if job.status != "done":
            details = call(rpc, "scheduler", "job", job.id)
            _say(f"the job failed: {details.harvest_error or details}")
            return 1

        _step("6. the archive: every file in both replicas, checksums verified by a batch job per replica")
        files = story.stored_files(rpc, job.id)
        names = [f.name for f in files]
        sums = story.verify_checksums(rpc, names)
        rows = []
        for f in files:
            per = [sums.get(r["id"], {}).get(f.name, "-") for r in REPLICAS]
            verdict = "verified" if len(set(per)) == 1 and per[0] == f.checksum != "-" else "MISMATCH"
            rows.append((f.name, f.size, *[p[:12] for p in per], verdict))
        print_table(("FILE", "BYTES", *[f"MD5 {r['id']}" for r in REPLICAS], "CHECK"), rows)
        if any(r[-1] != "verified" for r in rows):
            return 1

        _step(f"7. the archived page {story.FRONT_PAGE}, read back from replica ONE by file and offset")
        found = story.archived_front_page(rpc, names)
        if found is None:
            _say("the front page is not in the archived WARCs")
            return 1
        name, offset, raw = found
        _say(f"{name} @ {offset}")
        text = story.record_text(raw)
        print("\n".join("    " + line for line in text.splitlines()[:40]))

        _step("8. bit preservation: a file audit and a checksum audit of both replicas")
        if not _audit_replicas(rpc):
            return 1

        _step(f"9. browsing job {job.id} through the viewerproxy (the demo website has stopped: "
              "every answer comes from the archive)")
        viewer = _browse_through_viewer(rpc, job.id, args.dir)
        if viewer is None:
            return 1

        _step("10. notifications: what needs a person is recorded by the notifier")
        if not _notification_recorded(rpc, amqp_uri, job.id, args.dir):
            return 1

        _step(f"11. QA of job {job.id}: its pages rendered from the archive in Chromium and scored")
        _qa_of_job(rpc, job.id, args.timeout * 3)

    info, session, ca_file = viewer
    proxy = f"{info.host}:{info.port}"
    print(f"\nBrowse the archive through the viewerproxy (answers come from the archive only, never the live web):\n"
          f"  HTTP and HTTPS proxy: {proxy}, user {session.session_id}, password {session.token}\n"
          f"    (this demo's viewer session over job {job.id}; the browser asks for them as the proxy's login)\n"
          f"  its CA certificate, to trust for HTTPS: {ca_file}\n"
          f"    (again: .venv/bin/nas viewer info --ca viewer-ca.pem --amqp-uri {broker};\n"
          f"     or http://viewerproxy.invalid/ca.pem through the proxy)\n"
          f"  curl --proxy http://{proxy} --proxy-user {session.session_id}:{session.token} {story.FRONT_PAGE}\n"
          f"  a session of your own: .venv/bin/nas viewer session create --jobs {job.id} --amqp-uri {broker}")
    curator_file = _as_typed(password_file(args.dir, "curator"))
    print("\nPeople: one broker login per role, with its roles in the users table (`nas users list` as admin):\n"
          + "".join(f"  {login:<9} password {passwords[login]}   "
                    f"(also in {_as_typed(password_file(args.dir, login))})\n"
                    for login in ("curator", "qa", "operator", "admin"))
          + f"\nThe services keep running. Try, as the curator:\n  export NAS_AMQP_URI={broker}\n"
          f"  .venv/bin/nas login curator --password-stdin < {curator_file}\n"
          f"  .venv/bin/nas status\n"
          f"  .venv/bin/nas archive ls\n"
          f"  .venv/bin/nas bitpreservation status\n"
          f"  .venv/bin/nas notify list\n"
          f"  .venv/bin/nas-desktop --broker amqp://{args.host}:5672 --vhost {args.vhost}   "
          f"(log in as operator: its System overview lists the notifications)\n"
          f"  .venv/bin/{stop_command(args)}")
    if args.keep_website:
        pid = start_website(args.dir, args.web_port)
        print(f"\nThe demo website keeps running in the background (pid {pid}, port {args.web_port}): it is the "
              f"crawler's proxy, so later harvests of {story.DOMAIN} reach it. `{stop_command(args)}` ends it too.")
    else:
        print(f"\nThe demo website (port {args.web_port}) has stopped with this command. It was also the crawler's "
              f"proxy: a harvest of {story.DOMAIN} started later reaches nothing (its job ends "
              "'nothing-harvested') until you run `nas demo` again, or run it with --keep-website.")
    return 0


def _as_typed(path: str) -> str:
    """A path as a person types it: relative to the current folder when inside it."""
    rel = os.path.relpath(path)
    return path if rel.startswith("..") else rel


def stop_command(args: argparse.Namespace) -> str:
    """The stop command for this demo: with the --dir and --vhost it was started with."""
    return f"nas demo --stop{_same_demo(args)}"


def _same_demo(args: argparse.Namespace) -> str:
    """The options that name this demo, when not the defaults (so that --stop stops this one)."""
    out = ""
    default_dir = os.environ.get("NAS_DEMO_DIR", os.path.abspath("data/demo"))   # as register() says
    if os.path.abspath(args.dir) != os.path.abspath(default_dir):
        out += f" --dir {args.dir}"
    if args.vhost != DEMO_VHOST:
        out += f" --vhost {args.vhost}"
    return out


def _qa_of_job(rpc, job_id: int, timeout: float) -> None:
    """Run QA of the job and print its figures; a host without Chromium is said, not a failure
    of the demo (QA is an addition to the archive, not part of it)."""
    run = call(rpc, "qa", "run", job_id)
    deadline = time.monotonic() + timeout
    while run.state not in ("done", "failed", "cancelled") and time.monotonic() < deadline:
        time.sleep(1.0)
        run = call(rpc, "qa", "get_run", run.run_id)
    if run.state != "done":
        _say(f"QA run {run.run_id} is {run.state} {run.error} (QA needs Debian's chromium: apt-get install chromium)")
        return
    _say(f"QA run {run.run_id}: {run.pages_checked} pages checked, {run.pages_complete} complete, "
         f"mean score {run.mean_score}")
    for p in call(rpc, "qa", "pages", job_id, 0, 5, "score").items:
        _say(f"  {p.score:.2f}  {p.url}" + (f"  (missing: {', '.join(p.missing_urls[:3])})" if p.missing_urls else ""))
    _say(f"more: .venv/bin/nas qa show {job_id} --worst 20")


def _browse_through_viewer(rpc, job_id: int, demo_dir: str, timeout: float = 180.0):
    """A viewer session over the job, the front page fetched through the proxy like a browser
    would; returns (proxy info, session, CA file) or None when the page does not come back."""
    import urllib.error
    import urllib.request

    from server.demo import harvest as story

    info = call(rpc, "viewerproxy", "proxy_info")
    ca_file = os.path.join(os.path.abspath(demo_dir), "viewer-ca.pem")
    with open(ca_file, "w") as fh:
        fh.write(info.ca_certificate_pem)
    _say(f"viewerproxy at {info.host}:{info.port}; its CA certificate (SHA-256 {info.ca_sha256[:16]}…) in {ca_file}")
    session = call(rpc, "viewerproxy", "create_session", [job_id], user="demo")
    _say(f"viewer session {session.session_id} over job {job_id} (the proxy login: the session id and its token)")
    proxy = f"http://{session.session_id}:{session.token}@{info.host}:{info.port}"
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({"http": proxy, "https": proxy}))
    deadline = time.monotonic() + timeout
    status, headers = 0, {}
    while time.monotonic() < deadline:
        try:
            with opener.open(story.FRONT_PAGE, timeout=60) as answer:
                status, headers, body = answer.status, answer.headers, answer.read()
        except urllib.error.HTTPError as exc:       # the session's index may still be building
            status, headers, body = exc.code, exc.headers, b""
        except OSError as exc:
            status, headers, body = 0, {}, str(exc).encode()
        if status == 200 and headers.get("X-Archive-File"):
            break
        time.sleep(2)
    if status != 200:
        _say(f"{story.FRONT_PAGE} through the viewerproxy: {status or body.decode(errors='replace')}")
        return None
    title = body.decode(errors="replace").split("<title>", 1)[-1].split("</title>", 1)[0][:80]
    _say(f"GET {story.FRONT_PAGE} via the proxy → {status} \"{title}\"")
    _say(f"captured {headers.get('Memento-Datetime')}, read from {headers.get('X-Archive-File')} "
         f"@ {headers.get('X-Archive-Offset')}")
    return info, session, ca_file


def _notification_recorded(rpc, amqp_uri: str, job_id: int, demo_dir: str, timeout: float = 120.0) -> bool:
    """Notify as the services do (what `nas notify send` does for an operator's own checks), then
    show the notifier's open notifications and the line its log channel wrote."""
    import socket

    from server.runtime.notify import NOTIFY_EVENT, NOTIFY_SOURCE, event, notification_dispatcher

    refers_to = f"job {job_id}"
    message = f"the demo harvested job {job_id}: stored in both replicas, audited, browsable through the viewerproxy"
    notification_dispatcher({"AMQP_URI": amqp_uri})(NOTIFY_SOURCE, NOTIFY_EVENT, event(
        "DEMO_FINISHED", "info", message, f"nas-demo@{socket.gethostname()}", refers_to))
    _say(f"sent DEMO_FINISHED ({refers_to}), as `nas notify send DEMO_FINISHED \"...\" --severity info` would")
    deadline = time.monotonic() + timeout
    found = []
    while time.monotonic() < deadline:
        items = call(rpc, "notifier", "list_notifications", "open", 100)
        found = [n for n in items if n.code == "DEMO_FINISHED" and n.refers_to == refers_to]
        if found:
            break
        time.sleep(1)
    if not found:
        _say(f"the notifier did not record it within {timeout:.0f} s")
        return False
    _say("the notifier's open notifications (the desktop's overview shows the same, with Acknowledge):")
    print_table(("ID", "SEVERITY", "CODE", "INSTANCE", "REFERS TO", "COUNT", "MESSAGE"),
                [(n.id, n.severity.value, n.code, n.instance, n.refers_to, n.count, n.message[:60]) for n in items])
    log_file = os.path.join(demo_dir, "data", "notifier", "logs", "notifier.log")
    try:
        with open(log_file, errors="replace") as fh:
            lines = [ln.rstrip() for ln in fh if f"notification {found[0].id} DEMO_FINISHED" in ln]
    except OSError:
        lines = []
    if lines:
        _say(f"its log channel ({log_file}):")
        _say("  " + lines[-1][-200:])
    return True


def _print_status(rpc) -> None:
    rows = [(i.instance_id, i.service, i.state.value, human_age(i.heartbeat_age))
            for i in call(rpc, "monitor", "instances")]
    print_table(("INSTANCE", "SERVICE", "STATE", "LAST BEAT"), rows, out=sys.stdout)


# --- the demo website as a background process (--keep-website) ------------------------------------

def _website_pid_file(demo_dir: str) -> str:
    return os.path.join(demo_dir, "data", "website.pid")


def start_website(demo_dir: str, port: int) -> int:
    """Start ``python -m server.demo.website PORT`` detached; its pid goes to data/website.pid."""
    stop_website(demo_dir)
    os.makedirs(os.path.join(demo_dir, "data"), exist_ok=True)
    proc = subprocess.Popen([sys.executable, "-m", "server.demo.website", str(port)], start_new_session=True,
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(_website_pid_file(demo_dir), "w") as fh:
        fh.write(str(proc.pid))
    return proc.pid


def stop_website(demo_dir: str) -> bool:
    """End the background website this demo started (its pid file names it; a pid now used by
    another program is left alone)."""
    import signal

    path = _website_pid_file(demo_dir)
    try:
        with open(path) as fh:
            pid = int(fh.read().strip())
    except (FileNotFoundError, ValueError):
        return False
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as fh:
            ours = b"server.demo.website" in fh.read()
    except OSError:
        ours = False
    if ours:
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            ours = False
    os.unlink(path)
    return ours
def _audit_replicas(rpc, timeout: float = 300.0) -> bool:
    """A file audit and a checksum audit of every replica, one after the other; True when clean."""
    import time

    from server.demo.layout import REPLICAS

    rows, clean = [], True
    for r in REPLICAS:
        for kind in ("files", "checksums"):
            a = call(rpc, "arcrepository", "audit_start", r["id"], kind, None, "demo")
            deadline = time.monotonic() + timeout
            while a.state in ("queued", "running") and time.monotonic() < deadline:
                time.sleep(0.5)
                a = call(rpc, "arcrepository", "audit_status", a.id)
            ok = a.state == "done" and not (a.partial or a.missing or a.corrupt or a.disputed)
            clean = clean and ok
            rows.append((r["id"], kind, a.state, a.files_seen, a.missing, a.corrupt, a.disputed,
                         "clean" if ok else "FINDINGS"))
    print_table(("REPLICA", "AUDIT", "STATE", "SEEN", "MISSING", "CORRUPT", "DISPUTED", "RESULT"), rows)
    return clean
