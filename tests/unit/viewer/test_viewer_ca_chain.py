"""The proxy presents each host's leaf with the CA after it: a client pinning the CA's public key
(the QA renderer's Chromium) finds it in the chain it is given."""
from __future__ import annotations

import socket
import ssl
import threading

from cryptography import x509
from cryptography.hazmat.primitives.serialization import Encoding

from server.viewerproxy.ca import CertificateAuthority


def test_the_chain_is_the_leaf_then_the_ca_and_a_handshake_verifies_with_the_ca_only(tmp_path):
    ca = CertificateAuthority(str(tmp_path / "ca"))
    certs = x509.load_pem_x509_certificates(open(ca.chain_path("www.example.dk"), "rb").read())
    leaf, issuer = certs
    assert leaf.subject.rfc4514_string() == "CN=www.example.dk"
    assert issuer.public_bytes(Encoding.PEM) == ca.certificate_pem
    assert open(ca.chain_path("www.example.dk"), "rb").read().startswith(open(ca.leaf_path("www.example.dk"), "rb")
                                                                         .read().rstrip(b"\n"))

    server_ctx = ca.server_context("www.example.dk")
    client_ctx = ssl.create_default_context(cadata=ca.certificate_pem.decode())
    a, b = socket.socketpair()
    done: list[str] = []

    def serve() -> None:
        with server_ctx.wrap_socket(a, server_side=True) as s:
            done.append(s.recv(5).decode())

    t = threading.Thread(target=serve)
    t.start()
    with client_ctx.wrap_socket(b, server_hostname="www.example.dk") as c:
        c.sendall(b"hello")
    t.join(10)
    assert done == ["hello"]
