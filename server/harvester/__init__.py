"""The ``harvester`` (the seeds' HarvestControllerServer): claims a job, runs the crawler process,
builds the metadata WARC, uploads every file, reports, and finishes leftover jobs on start.

Plain modules hold the work (``jobdir``, ``crawl_process``, ``metadata_warc``, ``uploads``,
``report``, ``recovery``); ``service`` is the thin Nameko layer and ``runner`` ties one job's
steps together.
"""
