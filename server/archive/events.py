"""Events between a replica's bitarchive monitor and its bitarchive instances: a batch request is
broadcast to every instance (``batch``), and each answers with ``batch_reply``."""

BATCH_EVENT = "batch"
BATCH_REPLY_EVENT = "batch_reply"
