"""A real SMTP server for tests (aiosmtpd), in its own process: plain, STARTTLS or TLS, with or
without login. Each accepted mail is written to ``OUT_DIR/<n>.json`` (from, to, the message;
``mails()`` adds the decoded subject and body).

    proc = SmtpServer(tmp_path, security="starttls", login=("nas", "pw"), cert=..., key=...)
    proc.start(); ... proc.stop(); proc.start()   # the same port again: an outage and back

The process is tied to the test process (``server.runtime.lifeline``) so an interrupted run
leaves nothing behind. asyncio runs there, never in an eventlet-patched test process.
"""
from __future__ import annotations

import email
import email.policy
import json
import os
import socket
import subprocess
import sys
import time


class SmtpServer:
    def __init__(self, directory, security: str = "none", login: tuple[str, str] | None = None,
                 cert: str = "", key: str = "", port: int = 0):
        self.dir = str(directory)
        self.out = os.path.join(self.dir, "mails")
        os.makedirs(self.out, exist_ok=True)
        self.security, self.login, self.cert, self.key = security, login, cert, key
        self.port = port or _free_port()
        self.proc: subprocess.Popen | None = None

    def start(self, timeout: float = 30.0) -> None:
        from server.runtime import lifeline

        ready = os.path.join(self.dir, f"ready-{time.monotonic_ns()}")
        args = [sys.executable, "-m", "server.runtime.lifeline", sys.executable, __file__, "--port", str(self.port),
                "--out", self.out, "--security", self.security, "--ready", ready]
        if self.login:
            args += ["--login", f"{self.login[0]}:{self.login[1]}"]
        if self.cert:
            args += ["--cert", self.cert, "--key", self.key]
        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        env = lifeline.child_env({**os.environ, "PYTHONPATH": root})
        self.proc = subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL, stderr=open(  # noqa: SIM115
            os.path.join(self.dir, "smtp.log"), "ab"), start_new_session=True)
        deadline = time.monotonic() + timeout
        while not os.path.exists(ready):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                log = open(os.path.join(self.dir, "smtp.log")).read()
                raise RuntimeError(f"the test SMTP server did not start: {log[-2000:]}")
            time.sleep(0.05)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.proc = None

    def mails(self) -> list[dict]:
        out = []
        for name in sorted(os.listdir(self.out), key=lambda n: int(n.split(".")[0])):
            with open(os.path.join(self.out, name)) as fh:
                doc = json.load(fh)
            msg = email.message_from_string(doc["content"], policy=email.policy.default)
            doc["subject"], doc["body"] = str(msg["Subject"]), msg.get_content()
            doc["text"] = doc["subject"] + "\n" + doc["body"]
            out.append(doc)
        return out


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _main() -> None:
    import argparse
    import itertools
    import signal
    import ssl

    from aiosmtpd.controller import Controller
    from aiosmtpd.smtp import AuthResult, LoginPassword

    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--ready", required=True)
    ap.add_argument("--security", default="none")
    ap.add_argument("--login", default="")
    ap.add_argument("--cert", default="")
    ap.add_argument("--key", default="")
    a = ap.parse_args()
    import logging

    logging.basicConfig(level=logging.INFO)
    counter = itertools.count(len(os.listdir(a.out)) + 1)

    class Handler:
        async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's name
            n = next(counter)
            doc = {"from": envelope.mail_from, "to": list(envelope.rcpt_tos),
                   "content": envelope.content.decode("utf-8", "replace"),
                   "tls": session.ssl is not None or a.security == "tls", "login": (session.auth_data.login.decode()
                                                            if isinstance(session.auth_data, LoginPassword) else "")}
            tmp = os.path.join(a.out, f".{n}.tmp")
            with open(tmp, "w") as fh:
                json.dump(doc, fh)
            os.replace(tmp, os.path.join(a.out, f"{n}.json"))
            return "250 OK"

    def authenticator(server, session, envelope, mechanism, auth_data):
        user, _, password = a.login.partition(":")
        ok = isinstance(auth_data, LoginPassword) and auth_data.login.decode() == user \
            and auth_data.password.decode() == password
        return AuthResult(success=ok, handled=False, auth_data=auth_data)

    kwargs = {}
    if a.security != "none":
        ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        ctx.load_cert_chain(a.cert, a.key)
        kwargs["ssl_context" if a.security == "tls" else "tls_context"] = ctx
        if a.security == "starttls":
            kwargs["require_starttls"] = True
    if a.login:
        # implicit TLS is encrypted from the start: aiosmtpd only counts STARTTLS as "tls"
        kwargs.update(authenticator=authenticator, auth_required=True, auth_require_tls=a.security == "starttls")
    controller = Controller(Handler(), hostname="127.0.0.1", port=a.port, server_hostname="localhost", **kwargs)
    controller.start()
    open(a.ready, "w").close()
    signal.sigwait({signal.SIGTERM, signal.SIGINT})
    controller.stop()


if __name__ == "__main__":
    import signal as _signal

    _signal.pthread_sigmask(_signal.SIG_BLOCK, {_signal.SIGTERM, _signal.SIGINT})
    _main()
