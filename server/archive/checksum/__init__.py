"""``checksum_<REPLICA>``: a checksum replica, which keeps a checksum per file instead of the
bytes (the seeds' ChecksumFile replica; ``core``: the plain :class:`~.core.ChecksumArchive`;
``service``: the thin Nameko service)."""

#: nothing here is for other packages: they use its RPCs
PUBLIC = ()
