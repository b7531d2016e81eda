"""Settings of the ``viewerproxy`` service and its proxy process (the seeds' ``settings.viewerproxy``)."""
from shared.config import Setting

_V = "viewerproxy."

SETTINGS = (
    Setting(_V + "address", str, "127.0.0.1:8070", "host:port the proxy listens on (browsers' HTTP and HTTPS "
            "proxy); port 0 picks a free one (proxy_info tells which)"),
    Setting(_V + "public_host", str, "", "the host name browsers reach the proxy by; empty: the bind host"),
    Setting(_V + "ca_dir", str, "", "the viewer CA (ca.key mode 0600, ca.pem) and the per-host certificates; "
            "empty: <data_dir>/viewer-ca"),
    Setting(_V + "threads", int, 64, "requests served at the same time (more wait); a connection counts only "
            "once its request line and headers are in", minimum=1),
    Setting(_V + "header_timeout", float, 20.0, "seconds a connection has to send a whole request line and "
            "headers, from its start or the previous answer; then it is closed (an idle keep-alive connection "
            "too: browsers open a new one)", minimum=0.5),
    Setting(_V + "waiting_per_client", int, 32, "connections of one client address that may wait for their "
            "request at once; beyond it the oldest is closed (a browser keeps far fewer to one proxy)", minimum=4),
    Setting(_V + "rpc_clients", int, 16, "RPC clients the proxy keeps open to the index server and the "
            "arcrepository", minimum=1),
    Setting(_V + "rpc_timeout", float, 30.0, "seconds to wait for the index server and the arcrepository",
            minimum=0.1),
    Setting(_V + "fetch_timeout", float, 60.0, "seconds without data from a bitarchive before a record is "
            "given up (the next capture is tried)", minimum=0.1),
    Setting(_V + "session_cache_seconds", float, 5.0, "seconds the proxy keeps a session it read from the "
            "database; the service tells its proxy at once when a session changes or stops, so this only bounds "
            "changes made elsewhere (another viewerproxy on the same database); 0: read it for every request",
            minimum=0),
    Setting(_V + "lookup_cache_entries", int, 10_000, "captures of (job set, URL) the proxy keeps from the index "
            "server, least recently used dropped first; 0: ask the index server for every request", minimum=0),
    Setting(_V + "lookup_cache_seconds", float, 60.0, "seconds a kept lookup is used (a job set's index that "
            "grows is seen after at most this)", minimum=0),
    Setting(_V + "record_cache_mb", int, 64, "MiB of records the proxy keeps in memory once read and verified "
            "(a site's style sheets, scripts and pictures are asked for on every page), each at most an eighth of "
            "it, least recently used dropped first; 0: read every record from the bitarchive", minimum=0),
    Setting(_V + "replica", str, "", "the bitarchive replica records are read from; empty: the archive's default"),
    Setting(_V + "missing.ignore", list, [r"^data:", r"^about:", r"^blob:", r"^chrome-extension:",
                                          r"/favicon\.ico$", r"google-analytics\.com/", r"googletagmanager\.com/",
                                          r"/(beacon|collect|pixel)(\?|$)"],
            "regular expressions of URLs never recorded as missing (junk: data:, about:, beacons)"),
    Setting(_V + "start_timeout", float, 60.0, "seconds the service waits for its proxy process to listen",
            minimum=1),
)
