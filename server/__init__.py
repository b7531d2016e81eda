"""Everything that runs as a Nameko service or a server-side process; one package per service.

    definitions/       the ``definitions`` service: domains, configurations, profiles, schedules,
                       harvest definitions (owns most of the harvest database)
    scheduler/         the ``scheduler`` service: job generation, claims, reports (owns the jobs)
    harvester/         the ``harvester`` service: runs one job at a time on a crawl machine
    crawler/           the crawl engine, its own OS process per job
    archive/           the archive core, and one subpackage per archive service:
      arcrepository/       ``arcrepository`` (owns the admin database)
      bitarchive_monitor/  ``bitarchive_monitor_<R>``
      bitarchive/          ``bitarchive_<R>``
      checksum/            ``checksum_<R>``
    monitor/           the ``monitor`` service: heartbeats and warnings
    cli/, demo/        the ``nas`` command and the local demo (clients of the services)
    runtime/, db/, harvestdb/, settings_catalog.py   infrastructure every service uses

Who owns which table, who calls whom, and the import rules: docs/architecture.md.
"""
