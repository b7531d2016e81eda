"""Settings of the archive services (``nas config settings archive``)."""
from shared.config import Setting

SETTINGS = (
    Setting("archive.replicas", list, [
        {"id": "ONE", "name": "Replica one", "type": "bitarchive"},
    ], "every replica: a list of {id, name, type (bitarchive|checksum), max_checksum_age_days (optional: "
       "this replica's own archive.preservation.max_checksum_age_days)}; ids name the services"),
    Setting("archive.default_replica", str, "", "replica used by get-file, get-record and batch when none is "
            "named; empty: the first bitarchive replica"),
    Setting("archive.replica", str, "", "the replica this bitarchive, bitarchive monitor or checksum instance "
            "serves (chooses the service name, e.g. bitarchive_ONE)"),
    Setting("archive.bitarchive.dirs", list, [], "storage directories of this bitarchive instance; empty: "
            "<data_dir>/bitarchive"),
    Setting("archive.bitarchive.min_free_bytes", int, 1 << 30, "a storage directory takes a new file only "
            "if this many bytes stay free after it", minimum=0),
    Setting("archive.checksum.dir", str, "", "where a checksum replica keeps its checksum file; empty: "
            "<data_dir>/checksum"),
    Setting("archive.store.retries", int, 1, "extra upload attempts per replica before a store fails", minimum=0),
    Setting("archive.store.timeout", float, 3600.0, "seconds one upload to one replica may take", minimum=0.1),
    Setting("archive.store.spool_dirs", list, [], "directories whose files a replica may read by their local "
            "path (the same-host shortcut of a store); a path elsewhere is not read, the sender's offer URL is; "
            "empty: <data_dir>/upload-spool"),
    Setting("archive.store.local_sources", list, [], "loopback or link-local networks (CIDR, e.g. 127.0.0.0/8) "
            "a sender's offer URL may point into; empty: none (a single-host installation lists 127.0.0.0/8 "
            "and ::1/128)"),
    Setting("archive.store.max_parallel", int, 4, "stores the arcrepository runs at once", minimum=1),
    Setting("archive.store.watch_interval", float, 5.0, "seconds between the arcrepository's questions to a "
            "replica's monitor during an upload: an upload to a replica whose every instance is lost fails "
            "at once instead of after archive.store.timeout", minimum=0.1),
    Setting("archive.store.reconcile_interval", float, 60.0, "seconds between rounds that settle uploads left "
            "in progress by an arcrepository restart (asking the replicas what they hold)", minimum=1.0),
    Setting("archive.rpc_timeout", float, 30.0, "seconds to wait for a short RPC between archive services",
            minimum=0.1),
    Setting("archive.batch.timeout", float, 86400.0, "seconds the bitarchive monitor waits for every instance "
            "of its replica to answer a batch job", minimum=0.1),
    Setting("archive.batch.keep_results", float, 86400.0, "seconds a finished batch run's result and output "
            "files stay available (batch_status, the output URL) before the monitor and the bitarchives "
            "forget them; running batches are never forgotten", minimum=1.0),
    Setting("archive.batch.allow_user_code", bool, False, "run batch jobs sent as Python source (never as "
            "root: in a child process under archive.batch.sandbox_user)"),
    Setting("archive.batch.sandbox_user", str, "nobody", "user that runs batch jobs when the service runs as root"),
    Setting("archive.batch.max_exceptions", int, 100, "exceptions kept per batch result", minimum=0),
    Setting("archive.http.address", str, "127.0.0.1:0", "host:port where this instance serves files "
            "(RemoteFile over HTTP); port 0 picks a free one"),
    Setting("archive.http.public_host", str, "", "host name other machines use to reach archive.http.address; "
            "empty: the bind host"),
    Setting("archive.transfer.local", bool, True, "read a file directly when sender and receiver share this "
            "host (else always HTTP)"),
)

# File transfer with capabilities (docs/archive.md "Who can fetch files").
SETTINGS = SETTINGS + (
    Setting("archive.batch.sandbox", str, "bwrap", "bwrap: every batch run is confined by bubblewrap (archive "
            "read-only, no network, no environment, limits); off: registered jobs run unconfined (user code "
            "is then refused)", choices=("bwrap", "off")),
    Setting("archive.batch.memory_bytes", int, 2 << 30, "memory one confined batch run may use (its "
            "cgroup's limit for the whole run, and the address space of each of its processes)",
            minimum=64 << 20),
    Setting("archive.batch.max_processes", int, 64, "processes and threads a confined batch run may have "
            "(its cgroup's pids.max, as root too; RLIMIT_NPROC of the sandbox user besides)", minimum=4),
    Setting("archive.http.token_ttl", float, 900.0, "seconds a signed file URL (get_file, get_record, batch "
            "output) stays valid; the file server refuses requests without a valid token", minimum=1.0),
)

# --- bit preservation (issue #11) ---------------------------------------------------------------
SETTINGS = SETTINGS + (
    Setting("archive.preservation.max_checksum_age_days", float, 30.0, "a copy whose checksum was last "
            "verified longer ago than this counts as stale in the bit-preservation summary and is due for a "
            "rolling checksum audit; a replica's own max_checksum_age_days (archive.replicas) wins",
            minimum=0.0),
    Setting("archive.preservation.schedule", list, [], "audits the arcrepository starts by itself: a list of "
            "{replica, kind (files|checksums|salted), every_hours, max_duration (seconds, rolling checksums)}"),
    Setting("archive.preservation.repair_key_file", str, "", "the key that signs an operator's one-time token "
            "to replace a corrupt copy (the arcrepository and the bitarchives have it; people never); empty: the "
            "installation key (security.key_file)"),
    Setting("archive.preservation.op_timeout", float, 600.0, "seconds the bitarchive monitor waits for every "
            "instance to answer a salted challenge or a replace request", minimum=0.1),
)
