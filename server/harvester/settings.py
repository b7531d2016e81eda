"""Settings of the ``harvester`` service (the seeds' ``settings.harvester.harvesting.*``)."""
from shared.config import Setting

_H = "harvester."

SETTINGS = (
    Setting(_H + "channel", str, "FOCUSED", "the harvest channel this instance takes jobs from (one instance "
            "per channel)"),
    Setting(_H + "work_dir", str, "", "where job directories are made; empty: <data_dir>/harvester"),
    Setting(_H + "failed_uploads_dir", str, "", "files the archive did not take are moved here; empty: "
            "<work_dir>/failed-uploads"),
    Setting(_H + "min_space_left", int, 400_000_000, "bytes that must be free in work_dir before a job is "
            "claimed; below it the instance is dormant (minSpaceLeft)", minimum=0),
    Setting(_H + "no_response_timeout", float, 1800.0, "stop the crawl when nothing was downloaded for this "
            "many seconds (noResponseTimeout)", minimum=0.1),
    Setting(_H + "inactivity_timeout", float, 1800.0, "stop the crawl when no fetch was active (and the "
            "crawler said nothing new) for this many seconds (inactivityTimeout)", minimum=0.1),
    Setting(_H + "process_timeout", float, 300.0, "seconds the crawler gets to end cleanly after being asked "
            "to stop, before it is killed (processTimeout)", minimum=0.1),
    Setting(_H + "cancel_grace", float, 7.0, "seconds a cancelled crawl gets to end cleanly before it is "
            "killed (at most process_timeout): a cancel ends the crawl within seconds whatever it is doing; "
            "what it wrote is kept, its open WARC file closed after its last complete record", minimum=0.1),
    Setting(_H + "max_job_running_time", float, 0.0, "stop any crawl after this many seconds; 0: only the "
            "job's own running time limit applies", minimum=0),
    Setting(_H + "status_interval", float, 20.0, "seconds between status lines while crawling", minimum=0.1),
    Setting(_H + "poll_interval", float, 0.5, "seconds between looks at the crawler's progress", minimum=0.05),
    Setting(_H + "claim_interval", float, 10.0, "seconds between claim attempts when no job was offered or "
            "the instance is dormant", minimum=0.1),
    Setting(_H + "upload_retry_interval", float, 60.0, "seconds between tries of the files in the failed-uploads "
            "directory while the harvester runs; doubled after each round that stored nothing", minimum=0.1),
    Setting(_H + "upload_retry_max_interval", float, 3600.0, "the longest wait between two tries of the failed "
            "uploads", minimum=0.1),
    Setting(_H + "rpc_timeout", float, 30.0, "seconds to wait for a short RPC to the scheduler", minimum=0.1),
    Setting(_H + "stop_timeout", float, 60.0, "seconds a stopping service waits for its job to be finished "
            "off (crawl stopped, metadata, uploads, report); what is left is finished at the next start",
            minimum=0),
    Setting(_H + "crawler_command", list, [], "command that runs the crawler with the job directory appended; "
            "empty: this Python with -m server.crawler"),
    Setting(_H + "crawler_overrides", dict, {}, "crawl profile keys this machine sets in every job's profile "
            "(e.g. upstream_proxy, warc.max_size_bytes), merged over the job's own"),
    Setting(_H + "dedup.index_timeout", float, 600.0, "seconds to wait for the index server's deduplication "
            "index before a crawl starts; without it the job is crawled without deduplication (a warning, "
            "never a failed job)", minimum=0),
    Setting(_H + "archive.kind", str, "arcrepository", "where files go: the arcrepository service, or local "
            "directories (one per replica; tests and single-machine trials)", choices=("arcrepository", "local")),
    Setting(_H + "archive.replicas", dict, {}, "for kind local: replica id -> existing directory"),
    Setting(_H + "archive.store_timeout", float, 3600.0, "seconds one file's store may take in the archive",
            minimum=0.1),
    Setting(_H + "archive.http_address", str, "127.0.0.1:0", "for kind arcrepository: host:port where this "
            "instance serves files to bitarchives on other hosts (RemoteFile over HTTP)"),
    Setting(_H + "archive.public_host", str, "", "host name other machines use to reach http_address; "
            "empty: the bind host"),
)
