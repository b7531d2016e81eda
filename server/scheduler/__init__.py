"""The ``scheduler``: turns harvest definitions into jobs (the seeds' splitting), hands each job
to exactly one harvester, and records what came back. Plain modules hold the logic; ``service``
is the thin Nameko layer."""
