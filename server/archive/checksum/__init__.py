"""``checksum_<REPLICA>``: a checksum replica, which keeps a checksum per file instead of the
bytes (the seeds' ChecksumFile replica)."""
