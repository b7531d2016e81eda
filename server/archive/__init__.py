"""The replicated archive: arcrepository, bitarchive monitors, bitarchives, checksum replicas,
batch jobs. This package is the archive core the services share (storage, names, checksums,
RemoteFile, the HTTP file server, CDX, batch jobs, the admin database); each service is a
subpackage with a thin ``service`` module."""

#: what other packages may import from this one (tests/unit/foundation/test_import_rules.py):
#: the archive core that its services, the harvester and the CLI share
PUBLIC = (
    'batch',
    'cdx',
    'checksums',
    'events',
    'fileserver',
    'models',
    'names',
    'providers',
    'records',
    'remotefile',
    'replicas',
    'storage',
)
