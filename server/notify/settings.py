"""Settings of the notifier (``nas config settings notify``)."""
from shared.config import Setting

_N = "notify."
_M = "notify.mail."

SETTINGS = (
    Setting(_N + "window", float, 3600.0, "seconds in which repeats of one event (code, instance, subject) "
            "are counted on the open notification instead of notifying again", minimum=0),
    Setting(_N + "hold", float, 5.0, "a new notification's mail waits until no repeat came for this many "
            "seconds, so a burst of repeats goes out as one mail that counts them", minimum=0),
    Setting(_N + "hold_max", float, 60.0, "the longest a mail waits for a burst to end (seconds after the "
            "first occurrence)", minimum=0),
    Setting(_N + "log.enabled", bool, True, "write every new notification to this instance's log (journal)"),
    Setting(_M + "enabled", bool, False, "send notifications by mail"),
    Setting(_M + "host", str, "", "SMTP server host name"),
    Setting(_M + "port", int, 0, "SMTP port; 0: 465 with security tls, else 587 with starttls, else 25"),
    Setting(_M + "security", str, "starttls", "none, starttls or tls (implicit TLS)",
            choices=("none", "starttls", "tls")),
    Setting(_M + "ca_file", str, "", "CA bundle to verify the server's certificate; empty: the system's"),
    Setting(_M + "user", str, "", "login name; empty: no login"),
    Setting(_M + "password", str, "", "login password (write ${VAR}, kept in the host's secrets file)"),
    Setting(_M + "sender", str, "", "From: address"),
    Setting(_M + "routes", list, [], "who gets what: a list of {to: [addresses], min_severity: "
            "info|warning|error|critical, codes: [CODE...] (empty: every code)}"),
    Setting(_M + "timeout", float, 30.0, "seconds one SMTP conversation may take", minimum=0.1),
    Setting(_M + "retry_min", float, 30.0, "seconds before the first retry of a mail the server refused or "
            "could not take; each retry waits twice as long, up to retry_max", minimum=0.1),
    Setting(_M + "retry_max", float, 1800.0, "longest wait between two attempts of one mail", minimum=0.1),
    Setting(_M + "digest.enabled", bool, False, "also send, every digest.interval, one mail listing the open "
            "notifications and the repeats counted since the last digest"),
    Setting(_M + "digest.interval", float, 3600.0, "seconds between two digests", minimum=1),
    Setting(_M + "digest.to", list, [], "recipients of the digest; empty: every address of routes"),
)
