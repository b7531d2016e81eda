"""Handing one mail to an SMTP server: plain, STARTTLS or implicit TLS, with or without login.

Every conversation is bounded by ``notify.mail.timeout``; the certificate is verified (against
``notify.mail.ca_file`` when set, else the system's CAs). Errors propagate: the outbox decides
what a failure means (core.deliver).
"""
from __future__ import annotations

import dataclasses
import smtplib
import ssl
from email.message import EmailMessage
from email.utils import formatdate, make_msgid


@dataclasses.dataclass(frozen=True)
class MailServer:
    host: str
    port: int = 0
    security: str = "starttls"       # none | starttls | tls
    user: str = ""
    password: str = ""
    sender: str = ""
    ca_file: str = ""
    timeout: float = 30.0

    @classmethod
    def from_settings(cls, s) -> MailServer:
        return cls(s["notify.mail.host"], s["notify.mail.port"], s["notify.mail.security"], s["notify.mail.user"],
                   s["notify.mail.password"], s["notify.mail.sender"], s["notify.mail.ca_file"],
                   s["notify.mail.timeout"])

    @property
    def effective_port(self) -> int:
        return self.port or {"tls": 465, "starttls": 587}.get(self.security, 25)

    def send(self, recipients: list[str], subject: str, body: str) -> None:
        msg = EmailMessage()
        msg["From"] = self.sender
        msg["To"] = ", ".join(recipients)
        msg["Subject"] = subject
        msg["Date"] = formatdate(localtime=True)
        msg["Message-ID"] = make_msgid(domain="nas.invalid")
        msg.set_content(body)
        context = ssl.create_default_context(cafile=self.ca_file or None)
        if self.security == "tls":
            smtp: smtplib.SMTP = smtplib.SMTP_SSL(self.host, self.effective_port, timeout=self.timeout,
                                                  context=context)
        else:
            smtp = smtplib.SMTP(self.host, self.effective_port, timeout=self.timeout)
        with smtp:
            smtp.ehlo()
            if self.security == "starttls":
                smtp.starttls(context=context)
                smtp.ehlo()
            if self.user:
                smtp.login(self.user, self.password)
            smtp.send_message(msg, from_addr=self.sender, to_addrs=recipients)
