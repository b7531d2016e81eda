"""The installation's viewer CA: it signs one leaf certificate per host the proxy answers for over
HTTPS (CONNECT is terminated by the proxy itself, never tunnelled to the web).

Files in ``directory``: ``ca.key`` (mode 0600, never handed out), ``ca.pem`` (the certificate
browsers are told to trust: ``proxy_info``, ``http://viewerproxy.invalid/ca.pem``),
``leaf.key`` (one key for every leaf, mode 0600: making an RSA key per host costs ~50 ms), and
``hosts/<host>.pem`` (each leaf, made once: exactly that host name, or that IP address, in its
subjectAltName) and ``chains/<host>.pem`` (the leaf and the CA certificate: what the proxy
presents). Several processes may share the directory: files are written to a temporary name and
renamed, so a reader never sees half a file.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import ipaddress
import os
import re
import ssl
import threading

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from shared.errors import InvalidInput

CA_DAYS = 3650
LEAF_DAYS = 825          # the longest validity browsers accept for a leaf
_HOST = re.compile(r"^[A-Za-z0-9_]([A-Za-z0-9_.-]{0,252})$")


def _write_private(path: str, data: bytes, mode: int) -> None:
    tmp = f"{path}.{os.getpid()}.{threading.get_ident()}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
    try:
        os.write(fd, data)
    finally:
        os.close(fd)
    os.chmod(tmp, mode)
    os.replace(tmp, path)


def _new_key() -> rsa.RSAPrivateKey:
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


def _pem_key(key: rsa.RSAPrivateKey) -> bytes:
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption())


def check_host(host: str) -> str:
    """``host`` lower-cased, or InvalidInput when it is no host name or IP address."""
    h = host.strip().lower().rstrip(".")
    if h.startswith("[") and h.endswith("]"):
        h = h[1:-1]
    try:
        return str(ipaddress.ip_address(h))
    except ValueError:
        pass
    if not _HOST.match(h) or ".." in h:
        raise InvalidInput(f"not a host name: {host!r}", {"host": host})
    return h


class CertificateAuthority:
    def __init__(self, directory: str, name: str = "NetarchiveSuite viewerproxy CA"):
        self.directory = directory
        self.name = name
        self._lock = threading.Lock()
        self._contexts: dict[str, ssl.SSLContext] = {}
        os.makedirs(os.path.join(directory, "hosts"), exist_ok=True)
        self.key_path = os.path.join(directory, "ca.key")
        self.cert_path = os.path.join(directory, "ca.pem")
        self.leaf_key_path = os.path.join(directory, "leaf.key")
        self._ensure_ca()
        with open(self.key_path, "rb") as fh:
            self._key = serialization.load_pem_private_key(fh.read(), None)
        with open(self.cert_path, "rb") as fh:
            self.certificate_pem = fh.read()
        self._cert = x509.load_pem_x509_certificate(self.certificate_pem)
        with open(self.leaf_key_path, "rb") as fh:
            self._leaf_key = serialization.load_pem_private_key(fh.read(), None)

    def _ensure_ca(self) -> None:
        if not os.path.exists(self.key_path) or not os.path.exists(self.cert_path):
            key = _new_key()
            now = dt.datetime.now(dt.UTC)
            subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, self.name),
                                 x509.NameAttribute(NameOID.ORGANIZATION_NAME, "NetarchiveSuite")])
            cert = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject)
                    .public_key(key.public_key()).serial_number(x509.random_serial_number())
                    .not_valid_before(now - dt.timedelta(days=1)).not_valid_after(now + dt.timedelta(days=CA_DAYS))
                    .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
                    .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=True, crl_sign=True,
                                                 content_commitment=False, key_encipherment=False,
                                                 data_encipherment=False, key_agreement=False,
                                                 encipher_only=False, decipher_only=False), critical=True)
                    .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
                    .sign(key, hashes.SHA256()))
            _write_private(self.key_path, _pem_key(key), 0o600)
            _write_private(self.cert_path, cert.public_bytes(serialization.Encoding.PEM), 0o644)
        if not os.path.exists(self.leaf_key_path):
            _write_private(self.leaf_key_path, _pem_key(_new_key()), 0o600)

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self._cert.public_bytes(serialization.Encoding.DER)).hexdigest()

    def leaf_path(self, host: str) -> str:
        """The PEM file of ``host``'s certificate (made now if it is not yet on disk)."""
        h = check_host(host)
        path = os.path.join(self.directory, "hosts", f"{h.replace(':', '_')}.pem")
        if not os.path.exists(path):
            _write_private(path, self._make_leaf(h), 0o644)
        return path

    def chain_path(self, host: str) -> str:
        """The PEM file the proxy presents for ``host``: its leaf, then the CA certificate. A client
        that pins the CA's public key (the QA renderer's Chromium:
        ``--ignore-certificate-errors-spki-list``) finds it only in a chain that holds the CA."""
        h = check_host(host)
        path = os.path.join(self.directory, "chains", f"{h.replace(':', '_')}.pem")
        if not os.path.exists(path):
            with open(self.leaf_path(h), "rb") as fh:
                leaf = fh.read()
            os.makedirs(os.path.dirname(path), exist_ok=True)
            _write_private(path, leaf.rstrip(b"\n") + b"\n" + self.certificate_pem, 0o644)
        return path

    def _make_leaf(self, host: str) -> bytes:
        now = dt.datetime.now(dt.UTC)
        try:
            alt: x509.GeneralName = x509.IPAddress(ipaddress.ip_address(host))
        except ValueError:
            alt = x509.DNSName(host)
        cert = (x509.CertificateBuilder()
                .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, host[:64])]))
                .issuer_name(self._cert.subject).public_key(self._leaf_key.public_key())
                .serial_number(x509.random_serial_number())
                .not_valid_before(now - dt.timedelta(days=1)).not_valid_after(now + dt.timedelta(days=LEAF_DAYS))
                .add_extension(x509.SubjectAlternativeName([alt]), critical=False)
                .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
                .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
                .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(self._key.public_key()),
                               critical=False)
                .sign(self._key, hashes.SHA256()))
        return cert.public_bytes(serialization.Encoding.PEM)

    def server_context(self, host: str) -> ssl.SSLContext:
        """A TLS server context presenting ``host``'s leaf (cached per host)."""
        h = check_host(host)
        with self._lock:
            ctx = self._contexts.get(h)
        if ctx is None:
            ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            ctx.minimum_version = ssl.TLSVersion.TLSv1_2
            ctx.set_alpn_protocols(["http/1.1"])   # no h2: the proxy speaks HTTP/1.1 inside the tunnel
            ctx.load_cert_chain(self.chain_path(h), self.leaf_key_path)
            with self._lock:
                self._contexts[h] = ctx
        return ctx
