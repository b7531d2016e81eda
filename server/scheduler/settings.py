"""Settings of the ``scheduler`` service. Names and defaults of the job generator follow the
seeds (``settings.harvester.scheduler.jobgen.*`` in the original settings file)."""
from shared.config import Setting

_J = "harvest.scheduler.jobgen."

SETTINGS = (
    Setting(_J + "config_chunk_size", int, 10000,
            "configurations read at a time, and the most one job may hold (configChunkSize)", minimum=1),
    Setting(_J + "max_total_size", int, 8_000_000,
            "most expected objects of all configurations of one job (maxTotalSize)", minimum=1),
    Setting(_J + "max_relative_size_difference", int, 100,
            "largest factor between the biggest and smallest expectation in one job "
            "(maxRelativeSizeDifference)", minimum=1),
    Setting(_J + "min_absolute_size_difference", int, 2000,
            "below this absolute difference of expectations the relative one is ignored "
            "(minAbsoluteSizeDifference)", minimum=0),
    Setting(_J + "parallel_statements", int, 2,
            "PostgreSQL: bulk statements of job generation run side by side on this many connections "
            "(about the database server's cores; 1: one after the other)", minimum=1),
    Setting(_J + "expected_average_bytes_per_object", int, 38000,
            "smallest average object size assumed when estimating (expectedAverageBytesPerObject)",
            minimum=1),
    Setting(_J + "max_domain_size", int, 5000,
            "objects assumed as the maximum of a configuration without any limit (maxDomainSize)", minimum=0),
    Setting(_J + "error_factor_prev_result", int, 10,
            "error factor when the best previous harvest completed (errorFactorPrevResult)", minimum=1),
    Setting(_J + "error_factor_best_guess", int, 2,
            "error factor when it did not (errorFactorBestGuess)", minimum=1),
    Setting("harvest.scheduler.timer_interval", float, 60.0,
            "seconds between scheduling checks (due definitions, lost claims, timeouts, backup)", minimum=0.1),
    Setting("harvest.scheduler.guard_stale_after", float, 600.0,
            "seconds after which a scheduling guard of a vanished scheduler instance is taken over "
            "(a live one refreshes it every chunk)", minimum=1),
    Setting("harvest.scheduler.job_timeout", float, 7 * 86400.0,
            "seconds a Started job may stay silent (no progress, no report) before it is marked Failed",
            minimum=1),
    Setting("harvest.scheduler.claim_timeout", float, 300.0,
            "seconds a harvester has to confirm a claimed job (first progress report) before the "
            "claim counts as lost and the job is offered again", minimum=1),
    Setting("harvest.scheduler.channel_silent_after", float, 300.0,
            "seconds without a harvester asking for a channel's work after which the channel counts "
            "as not served (its waiting jobs are flagged)", minimum=1),
    Setting("harvest.scheduler.backup.interval", float, 86400.0,
            "seconds between online backups of an embedded (SQLite) harvest database; 0: never",
            minimum=0),
    Setting("harvest.scheduler.backup.keep", int, 7, "backups kept; older ones are deleted", minimum=1),
    Setting("harvest.scheduler.backup.dir", str, "",
            "where backups go; empty: <data_dir>/backups/harvest"),
)
