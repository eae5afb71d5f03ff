"""An SFTP server that misbehaves on purpose, for Termind's tests of hostile servers.

It serves a real directory (chroot) like asyncssh's own server, and lies where the scenario's
"sftp" object says (every field optional; paths are the client's, "/" being the root):

    "sizes":   {"/v/big": 18446744073709551615}  the size reported for that path (STAT,
               LSTAT, FSTAT and directory listings), whatever the file holds.
    "modes":   {"/v/f": 3583}                    the permission bits reported (with the type
               bits of the real file), e.g. 0o6777 for setuid and setgid.
    "stall":   [{"op": "read", "path": "/v/slow"}, ...]  requests that are never answered:
               op is one of open, read, close, opendir, readdir, stat, lstat, realpath;
               path is a prefix of the request's path (for read, readdir and close: the path
               the handle was opened with). Keepalives are still answered.
    "endless_tree":    "/v/deep"  that directory and every directory below it hold a
                        directory "d" and a 4-byte file "f", without end.
    "endless_listing": "/v/wide"  that directory lists new file names ("e0000000001", ...)
                        forever, each a 0-byte file.
    "repeat":  {"/v/dups": 8}  each entry of that directory is listed that many times.
    "names":   {"/v/raw": ["6261645c7866", ...]}  extra entries of that directory, names
               given in hex (any bytes, "/" and NUL included), each listed as a 0-byte file.
"""

import asyncio
import io
import os
import stat as stat_module
from typing import Any, AsyncIterator, Optional

import asyncssh
from asyncssh.sftp import SFTPAttrs, SFTPName


def _client_path(path: bytes) -> str:
    text = path.decode("utf-8", "surrogateescape")
    if not text.startswith("/"):
        text = "/" + text
    while len(text) > 1 and text.endswith("/"):
        text = text[:-1]
    return os.path.normpath(text) if text != "/" else "/"


def _join(directory: str, name: bytes) -> str:
    return _client_path(directory.encode("utf-8", "surrogateescape") + b"/" + name)


class _Opened:
    """A handle and the client path it was opened with."""

    def __init__(self, path: str, file: Any) -> None:
        self.path = path
        self.file = file


class MisbehavingSFTPServer(asyncssh.SFTPServer):
    def __init__(self, chan: asyncssh.SSHServerChannel, root: str, config: dict, log: Any) -> None:
        super().__init__(chan, chroot=root.encode())
        self._sizes: dict = config.get("sizes", {})
        self._modes: dict = config.get("modes", {})
        self._stalls: list = config.get("stall", [])
        self._endless_tree: Optional[str] = config.get("endless_tree")
        self._endless_listing: Optional[str] = config.get("endless_listing")
        self._repeat: dict = config.get("repeat", {})
        self._names: dict = config.get("names", {})
        self._log = log

    # MARK: lies

    async def _maybe_stall(self, op: str, path: str) -> None:
        for stall in self._stalls:
            if stall.get("op") == op and path.startswith(stall.get("path", "/")):
                self._log("sftp_stall", op=op, path=path)
                await asyncio.Event().wait()  # never set: the request is never answered

    def _in_endless_tree(self, path: str) -> bool:
        root = self._endless_tree
        return root is not None and (path == root or path.startswith(root + "/"))

    def _in_endless_listing(self, path: str) -> bool:
        root = self._endless_listing
        return root is not None and os.path.dirname(path) == root and path != root

    def _fake_attrs(self, path: str) -> Optional[SFTPAttrs]:
        if self._in_endless_tree(path):
            if os.path.basename(path) == "f" and path != self._endless_tree:
                return SFTPAttrs(type=asyncssh.FILEXFER_TYPE_REGULAR, size=4,
                                 permissions=stat_module.S_IFREG | 0o644, uid=0, gid=0, mtime=0, atime=0)
            return SFTPAttrs(type=asyncssh.FILEXFER_TYPE_DIRECTORY, size=4096,
                             permissions=stat_module.S_IFDIR | 0o755, uid=0, gid=0, mtime=0, atime=0)
        parent = os.path.dirname(path)
        if self._in_endless_listing(path) or any(
                parent == directory and os.path.basename(path).encode("utf-8", "surrogateescape")
                in (bytes.fromhex(name) for name in names)
                for directory, names in self._names.items()):
            return SFTPAttrs(type=asyncssh.FILEXFER_TYPE_REGULAR, size=0,
                             permissions=stat_module.S_IFREG | 0o644, uid=0, gid=0, mtime=0, atime=0)
        return None

    def _lie(self, path: str, attrs: Any) -> Any:
        if path not in self._sizes and path not in self._modes:
            return attrs
        if not isinstance(attrs, SFTPAttrs):
            attrs = SFTPAttrs.from_local(attrs)
        if path in self._sizes:
            attrs.size = int(self._sizes[path])
        if path in self._modes and attrs.permissions is not None:
            attrs.permissions = stat_module.S_IFMT(attrs.permissions) | int(self._modes[path])
        return attrs

    # MARK: asyncssh.SFTPServer

    async def stat(self, path: bytes) -> Any:
        client = _client_path(path)
        await self._maybe_stall("stat", client)
        return self._fake_attrs(client) or self._lie(client, super().stat(path))

    async def lstat(self, path: bytes) -> Any:
        client = _client_path(path)
        await self._maybe_stall("lstat", client)
        return self._fake_attrs(client) or self._lie(client, super().lstat(path))

    async def realpath(self, path: bytes) -> Any:
        await self._maybe_stall("realpath", _client_path(path))
        return super().realpath(path)

    async def open(self, path: bytes, pflags: int, attrs: SFTPAttrs) -> Any:
        client = _client_path(path)
        await self._maybe_stall("open", client)
        fake = self._fake_attrs(client)
        if fake is not None and fake.type == asyncssh.FILEXFER_TYPE_REGULAR:
            return _Opened(client, io.BytesIO(b"data" if self._in_endless_tree(client) else b""))
        return _Opened(client, super().open(path, pflags, attrs))

    async def read(self, file_obj: Any, offset: int, size: int) -> bytes:
        await self._maybe_stall("read", file_obj.path)
        if isinstance(file_obj.file, io.BytesIO):
            file_obj.file.seek(offset)
            return file_obj.file.read(size)
        return super().read(file_obj.file, offset, size)

    async def write(self, file_obj: Any, offset: int, data: bytes) -> int:
        return super().write(file_obj.file, offset, data)

    async def fstat(self, file_obj: Any) -> Any:
        fake = self._fake_attrs(file_obj.path)
        return fake or self._lie(file_obj.path, super().fstat(file_obj.file))

    async def fsetstat(self, file_obj: Any, attrs: SFTPAttrs) -> None:
        return super().fsetstat(file_obj.file, attrs)

    async def fsync(self, file_obj: Any) -> None:
        return super().fsync(file_obj.file)

    async def close(self, file_obj: Any) -> None:
        await self._maybe_stall("close", file_obj.path)
        return super().close(file_obj.file)

    async def scandir(self, path: bytes) -> AsyncIterator[SFTPName]:
        client = _client_path(path)
        await self._maybe_stall("opendir", client)
        stalled = any(stall.get("op") == "readdir" and client.startswith(stall.get("path", "/"))
                      for stall in self._stalls)
        if stalled:
            await self._maybe_stall("readdir", client)
        if self._in_endless_tree(client):
            for name in (b".", b"..", b"d", b"f"):
                yield SFTPName(name, attrs=self._fake_attrs(_join(client, name))
                               or self._fake_attrs(client))
            return
        if client == self._endless_listing:
            number = 0
            while True:
                number += 1
                name = b"e%010d" % number
                yield SFTPName(name, attrs=self._fake_attrs(_join(client, name)))
        times = int(self._repeat.get(client, 1))
        async for entry in super().scandir(path):
            if entry.filename not in (b".", b".."):
                entry.attrs = self._lie(_join(client, entry.filename), entry.attrs)
            for _ in range(times if entry.filename not in (b".", b"..") else 1):
                yield entry
        for hex_name in self._names.get(client, []):
            yield SFTPName(bytes.fromhex(hex_name), attrs=SFTPAttrs(
                type=asyncssh.FILEXFER_TYPE_REGULAR, size=0, permissions=stat_module.S_IFREG | 0o644,
                uid=0, gid=0, mtime=0, atime=0))
