"""QA review (issue #30): the ``qa`` Nameko service renders a job's pages from the archive through
the viewerproxy, compares them with what the crawler saw and keeps a score per page (its own
database, ``qa``), reviewers' verdicts, and patch jobs that harvest what the archive lacks.
The rendering engine is ``pages``, ``render`` and ``compare``; the service's plain core is
``runs`` (the run table and its states), ``results`` (pages, verdicts, summaries) and ``runner``
(one run at a time, resumable)."""

PUBLIC = ()
