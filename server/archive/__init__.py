"""The replicated archive: arcrepository, bitarchive monitors, bitarchives, checksum replicas,
batch jobs. This package is the archive core the services share (storage, names, checksums,
RemoteFile, the HTTP file server, batch jobs, calls between archive services, the per-replica
service plumbing; the CDX writer and SURT keys are in ``shared.warc``); each service is a
subpackage with a thin ``service`` module over plain core modules. The admin database belongs to
``arcrepository``."""

#: what other packages may import from this one (tests/unit/foundation/test_import_rules.py):
#: the archive core that its services, the harvester and the CLI share
PUBLIC = (
    'batch',
    'calls',
    'checksums',
    'client_store',
    'events',
    'fileserver',
    'local_copy',
    'names',
    'per_replica',
    'providers',
    'records',
    'remotefile',
    'replicas',
    'sources',
    'storage',
    'transfer',
    'user_regex',
    'verify',
)
