"""The replicated archive: arcrepository, bitarchive monitors, bitarchives, checksum replicas,
batch jobs. Plain modules hold the logic; ``services.py`` holds the thin Nameko layer."""
