"""What a store may name as its source (#29 item 4): the caller's own offer URL, never a loopback
or link-local address unless configured, or a local path inside an upload spool directory."""
from __future__ import annotations

import os

import pytest

from server.archive.remotefile import RemoteFile, this_host
from server.archive.sources import StoreSources
from shared.errors import InvalidInput

NAME = "1-1-20240101000000-00001-host.warc.gz"


def offer(host: str, name: str = NAME) -> RemoteFile:
    return RemoteFile(name, 10, None, "", None, f"http://{host}:8080/offer/Zm9vYmFyYmF6/{name}")


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "[::1]", "0.0.0.0", "127.1.2.3", "[::ffff:127.0.0.1]",
                                  "169.254.169.254", "[fe80::1]", "224.0.0.1"])
def test_loopback_link_local_and_unspecified_offers_are_refused_by_default(host):
    with pytest.raises(InvalidInput) as refused:
        StoreSources().check(offer(host))
    assert refused.value.details["reason"] == "source"
    assert "loopback or link-local" in refused.value.message


def test_a_single_host_installation_allows_loopback_explicitly_and_only_that():
    sources = StoreSources(local_networks=["127.0.0.0/8", "::1/128"])
    assert sources.check(offer("127.0.0.1")).url == offer("127.0.0.1").url
    assert sources.check(offer("[::1]")).url
    with pytest.raises(InvalidInput):
        sources.check(offer("169.254.169.254"))


@pytest.mark.parametrize("url, why", [
    ("http://127.0.0.1:8080/admin/export", "not an offer"),
    (f"http://127.0.0.1:8080/offer/Zm9vYmFyYmF6/other-{NAME}", "not an offer"),
    (f"http://127.0.0.1:8080/offer/x/{NAME}", "not an offer"),                 # no unguessable token
    (f"ftp://127.0.0.1/offer/Zm9vYmFyYmF6/{NAME}", "only http"),
    (f"http://u:p@127.0.0.1:8080/offer/Zm9vYmFyYmF6/{NAME}", "user name"),
    (f"http://127.0.0.1:99999/offer/Zm9vYmFyYmF6/{NAME}", "not a valid URL"),
    (f"http://no-such-host.invalid:8080/offer/Zm9vYmFyYmF6/{NAME}", "does not resolve"),
])
def test_anything_but_an_offer_of_this_file_is_refused_naming_why(url, why):
    with pytest.raises(InvalidInput, match=why):
        StoreSources(local_networks=["127.0.0.0/8"]).check(RemoteFile(NAME, 10, None, "", None, url))


def test_a_local_path_is_read_only_inside_an_upload_spool(tmp_path):
    spool, elsewhere = tmp_path / "spool", tmp_path / "etc"
    spool.mkdir()
    elsewhere.mkdir()
    inside, outside = spool / NAME, elsewhere / NAME
    inside.write_bytes(b"x" * 10)
    outside.write_bytes(b"secret1234")
    sources = StoreSources([str(spool)], ["127.0.0.0/8"])
    kept = sources.check(RemoteFile.for_local_file(str(inside)))
    assert kept.path == os.path.realpath(inside) and kept.host == this_host()
    with pytest.raises(InvalidInput, match="upload spool"):
        sources.check(RemoteFile.for_local_file(str(outside)))
    # a link inside the spool leads out of it: not read either
    (spool / "link.warc.gz").symlink_to(outside)
    with pytest.raises(InvalidInput, match="upload spool"):
        sources.check(RemoteFile.for_local_file(str(spool / "link.warc.gz"), NAME))
    # a path outside with an offer beside it: the offer is read, the path is dropped
    both = RemoteFile.for_local_file(str(outside), url=offer("127.0.0.1").url)
    checked = sources.check(both)
    assert checked.path is None and checked.host == "" and checked.url == both.url


def test_the_default_spool_is_under_the_data_dir(tmp_path):
    sources = StoreSources.from_settings({"archive.store.spool_dirs": [], "archive.store.local_sources": [],
                                          "data_dir": str(tmp_path)})
    (tmp_path / "upload-spool").mkdir()
    (tmp_path / "upload-spool" / NAME).write_bytes(b"x" * 10)
    assert sources.check(RemoteFile.for_local_file(str(tmp_path / "upload-spool" / NAME))).path
