#!/usr/bin/env python3
"""A scripted SSH server for Termind's integration tests, built on asyncssh.

It stages what OpenSSH cannot: multi-round and zero-prompt keyboard-interactive, partial
success, canned exec results, a PTY shell that reports its TERM and size, and servers that
stall or drop the connection.

Usage: python3 asyncssh_server.py scenario.json

It listens on 127.0.0.1 on a port the OS picks, prints exactly one line
``LISTENING <port> <host key fingerprint SHA256:...>`` on stdout, and runs until SIGTERM,
until its stdin closes (when stdin is a pipe or terminal; /dev/null is ignored), or until
the process that started it goes away. It starts no child processes.

Scenario (JSON object, every field optional):

    "log":      path of a file to append one JSON object per line per event to.
    "host_key": path of an OpenSSH private host key; otherwise a fresh ed25519 key.
    "debug_log": path for asyncssh's and asyncio's own log (INFO); otherwise stderr (WARNING).
    "users": { "<name>": {
        "password": "...",
        "authorized_keys": ["ssh-ed25519 AAAA... comment", ...],
        "kbdint": [ {"name": "...", "instruction": "...",
                     "prompts": [["Code: ", false], ["Name: ", true]],   # [text, echo]
                     "answers": ["123456", "x"]}, ... ],   # rounds asked in order; a round
                                                          # with no prompts is sent as such
        "methods": ["publickey", "password", "keyboard-interactive"],  # advertised, in order
        "require": ["publickey", "keyboard-interactive"] } }  # all must succeed (partial success)
    "exec":  { "<command>": {"stdout": "", "stderr": "", "exit_status": 0,
                             "exit_signal": "TERM", "delay": 0.0, "stdin_match": "regex"} }
             Unknown commands echo the command and a newline on stdout and exit 0. With
             "stdin_match", stdin is read until the regex's first group matches, and
             "{stdin_match}" in stdout becomes that text (a reply quoting what the client sent).
    "shell": true enables a shell. It prints "$ ", echoes what it reads (CR or LF ends a
             line, printed as CRLF), then: "exit" closes with status 0, "size" prints
             "<cols>x<rows>" of the current PTY size, "term" prints the requested TERM.
    "sftp":  {"root": "/some/dir"} serves SFTP with that directory as "/"; its other fields
             make the server lie or stall on purpose (misbehaving_sftp.py lists them).
    "misbehave": {"stall_before_banner": true}  accept TCP and never send anything;
                 {"stall_after_banner": true}   send the version line, then nothing;
                 {"stall_after_auth": S}        authenticate, then S seconds later stop reading
                                                the connection (a frozen server: the TCP
                                                connection stays, nothing is answered);
                 {"drop_after_bytes": N}        forward to the real server through a proxy that
                                                closes the client's connection after N bytes
                                                were sent to it; with "drop_switch": PATH, only
                                                while that file exists (a test turns the
                                                misbehaviour off to let a later run through).

Events (one JSON object per line, always with "event"): connect, auth (method, username,
success, partial), kbdint_round_sent (round, name, instruction, prompts, echo),
kbdint_round_answered (round, matched), auth_complete (username, methods), exec (command),
pty (term, columns, rows), shell, window_change (columns, rows), sftp (root), sftp_stall
(op, path), subsystem
(name, accepted), drop (after_bytes), stall (after_auth). Passwords and answers are never logged.
"""

import asyncio
import json
import logging
import os
import re
import signal
import stat
import sys
from typing import Any, Optional

import asyncssh
from asyncssh.auth import get_supported_server_auth_methods
from asyncssh.constants import MSG_USERAUTH_FAILURE
from asyncssh.packet import Boolean, NameList

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from misbehaving_sftp import MisbehavingSFTPServer  # noqa: E402

KBDINT = "keyboard-interactive"
VERSION_LINE = b"SSH-2.0-TermindRig_stall\r\n"


class EventLog:
    """Appends one JSON line per event, flushed at once so a test can read it mid-run."""

    def __init__(self, path: Optional[str]) -> None:
        self._file = open(path, "a", encoding="utf-8") if path else None

    def __call__(self, event: str, **fields: Any) -> None:
        if self._file:
            self._file.write(json.dumps({"event": event, **fields}) + "\n")
            self._file.flush()


class ScenarioServer(asyncssh.SSHServer):
    """One per connection: authenticates against the scenario's users."""

    def __init__(self, scenario: dict, log: EventLog) -> None:
        self._users: dict = scenario.get("users", {})
        self._log = log
        self._username = ""
        self._satisfied: list[str] = []
        self._round = 0
        self._stall_after_auth = scenario.get("misbehave", {}).get("stall_after_auth")
        self._conn: Optional[asyncssh.SSHServerConnection] = None

    # Which methods this user may still use, in the order the scenario advertises them.
    def _user(self) -> dict:
        return self._users.get(self._username, {})

    def _configured(self) -> list[str]:
        user = self._user()
        if "methods" in user:
            return list(user["methods"])
        return [m for m, present in (("publickey", "authorized_keys" in user),
                                     ("password", "password" in user),
                                     (KBDINT, "kbdint" in user)) if present]

    def _offers(self, method: str) -> bool:
        return method in self._configured() and method not in self._satisfied

    def ordered(self, methods: list[bytes]) -> list[bytes]:
        order = self._configured()
        offered = [m for m in methods if m.decode() in order]
        return sorted(offered, key=lambda m: order.index(m.decode()))

    def method_succeeded(self, method: str) -> bool:
        """Records a success; returns whether every required method has now succeeded."""
        self._satisfied.append(method)
        missing = [m for m in self._user().get("require", []) if m not in self._satisfied]
        self._log("auth", method=method, username=self._username, success=True,
                  partial=bool(missing))
        if not missing:
            self._log("auth_complete", username=self._username, methods=self._satisfied)
            if self._stall_after_auth is not None:
                asyncio.get_event_loop().call_later(float(self._stall_after_auth), self._stall)
        return not missing

    def _stall(self) -> None:
        # Reads nothing more, so answers nothing (keepalives, channel requests), and the TCP
        # connection stays open: as a frozen server process looks to the client.
        transport = getattr(self._conn, "_transport", None) if self._conn else None
        if transport is not None:
            transport.pause_reading()
            self._log("stall", after_auth=float(self._stall_after_auth))

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self._conn = conn
        peer = conn.get_extra_info("peername")
        self._log("connect", peer=f"{peer[0]}:{peer[1]}" if peer else "")

    def begin_auth(self, username: str) -> bool:
        self._username, self._satisfied, self._round = username, [], 0
        return True

    def password_auth_supported(self) -> bool:
        return self._offers("password")

    def validate_password(self, username: str, password: str) -> bool:
        success = password == self._user().get("password")
        if not success:
            self._log("auth", method="password", username=username, success=False)
        return success

    def public_key_auth_supported(self) -> bool:
        return self._offers("publickey")

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        allowed = {asyncssh.import_public_key(line).public_data
                   for line in self._user().get("authorized_keys", [])}
        success = key.public_data in allowed
        if not success:
            self._log("auth", method="publickey", username=username, success=False)
        return success

    def kbdint_auth_supported(self) -> bool:
        return self._offers(KBDINT)

    def _challenge(self) -> Any:
        rounds = self._user().get("kbdint", [])
        if self._round >= len(rounds):
            return True
        spec = rounds[self._round]
        prompts = [(text, bool(echo)) for text, echo in spec.get("prompts", [])]
        self._log("kbdint_round_sent", round=self._round, name=spec.get("name", ""),
                  instruction=spec.get("instruction", ""),
                  prompts=[p for p, _ in prompts], echo=[e for _, e in prompts])
        return (spec.get("name", ""), spec.get("instruction", ""), "", prompts)

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> Any:
        self._round = 0
        return self._challenge() if self._user().get("kbdint") else False

    def validate_kbdint_response(self, username: str, responses: list[str]) -> Any:
        expected = self._user().get("kbdint", [])[self._round].get("answers", [])
        matched = list(responses) == list(expected)
        self._log("kbdint_round_answered", round=self._round, matched=matched)
        if not matched:
            self._log("auth", method=KBDINT, username=username, success=False)
            return False
        self._round += 1
        return self._challenge()


# asyncssh has no partial success and advertises methods in its own fixed order, so the two
# connection methods that answer an auth request are wrapped (asyncssh 2.x internals).
_send_success = asyncssh.SSHServerConnection.send_userauth_success


async def _send_userauth_success(self: Any) -> None:
    owner, auth = self._owner, self._auth
    method = auth._method.decode() if auth is not None else "none"
    if isinstance(owner, ScenarioServer) and not owner.method_succeeded(method):
        self.send_userauth_failure(True)
        return
    await _send_success(self)


def _send_userauth_failure(self: Any, partial_success: bool) -> None:
    methods = list(get_supported_server_auth_methods(self))
    if isinstance(self._owner, ScenarioServer):
        methods = self._owner.ordered(methods)
    self._auth = None
    self.send_packet(MSG_USERAUTH_FAILURE, NameList(methods), Boolean(partial_success))


asyncssh.SSHServerConnection.send_userauth_success = _send_userauth_success
asyncssh.SSHServerConnection.send_userauth_failure = _send_userauth_failure


class Sessions:
    """Answers exec, shell and unknown subsystem requests from the scenario."""

    def __init__(self, scenario: dict, log: EventLog) -> None:
        self._exec: dict = scenario.get("exec", {})
        self._shell = bool(scenario.get("shell"))
        self._log = log

    async def __call__(self, process: asyncssh.SSHServerProcess) -> None:
        term = process.get_terminal_type()
        if term is not None:
            columns, rows, _, _ = process.get_terminal_size()
            self._log("pty", term=term, columns=columns, rows=rows)
        try:
            if process.subsystem:
                self._log("subsystem", name=process.subsystem, accepted=False)
                process.exit(1)
            elif process.command is not None:
                await self._run_exec(process)
            elif self._shell:
                await self._run_shell(process, term)
            else:
                process.stderr.write(b"no shell in this scenario\r\n")
                process.exit(1)
        except (asyncssh.BreakReceived, asyncssh.SignalReceived, ConnectionError):
            process.exit(1)

    async def _run_exec(self, process: asyncssh.SSHServerProcess) -> None:
        command = process.command
        self._log("exec", command=command)
        spec = self._exec.get(command, {"stdout": command + "\n"})
        await asyncio.sleep(float(spec.get("delay", 0)))  # a slow command: the delay is the behaviour
        stdout = spec.get("stdout", "")
        if "stdin_match" in spec:
            pattern, seen, match = re.compile(spec["stdin_match"].encode()), b"", None
            while match is None:
                chunk = await process.stdin.read(4096)
                if not chunk:
                    break
                seen += chunk
                match = pattern.search(seen)
            stdout = stdout.replace("{stdin_match}", match.group(1).decode() if match else "")
        process.stdout.write(stdout.encode())
        process.stderr.write(spec.get("stderr", "").encode())
        if "exit_signal" in spec:
            process.exit_with_signal(spec["exit_signal"])
        else:
            process.exit(int(spec.get("exit_status", 0)))

    async def _run_shell(self, process: asyncssh.SSHServerProcess, term: Optional[str]) -> None:
        self._log("shell")
        columns, rows, _, _ = process.get_terminal_size()
        line = bytearray()
        process.stdout.write(b"$ ")
        while True:
            try:
                chunk = await process.stdin.read(4096)
            except asyncssh.TerminalSizeChanged as change:
                columns, rows = change.width, change.height
                self._log("window_change", columns=columns, rows=rows)
                continue
            if not chunk or chunk == b"\x04":
                process.exit(0)
                return
            for byte in chunk:
                if byte in (0x0D, 0x0A):
                    process.stdout.write(b"\r\n")
                    command = line.decode(errors="replace").strip()
                    line.clear()
                    if command == "exit":
                        process.exit(0)
                        return
                    if command == "size":
                        process.stdout.write(f"{columns}x{rows}\r\n".encode())
                    elif command == "term":
                        process.stdout.write(f"{term or ''}\r\n".encode())
                    process.stdout.write(b"$ ")
                elif byte in (0x7F, 0x08):
                    if line:
                        line.pop()
                        process.stdout.write(b"\b \b")
                else:
                    line.append(byte)
                    process.stdout.write(bytes([byte]))


def sftp_factory(config: dict, log: EventLog) -> Any:
    root = config["root"]
    lies = {key: value for key, value in config.items() if key != "root"}

    def make(chan: asyncssh.SSHServerChannel) -> asyncssh.SFTPServer:
        log("sftp", root=root)
        if lies:
            return MisbehavingSFTPServer(chan, root, lies, log)
        return asyncssh.SFTPServer(chan, chroot=root.encode())
    return make


async def serve_stall(send_banner: bool, log: EventLog) -> asyncio.AbstractServer:
    held: list[asyncio.StreamWriter] = []  # keep the sockets open without answering

    async def hold(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        log("connect", peer="%s:%s" % writer.get_extra_info("peername")[:2])
        held.append(writer)
        if send_banner:
            writer.write(VERSION_LINE)
        try:
            while await reader.read(4096):
                pass
        except (asyncio.CancelledError, ConnectionError):
            pass  # shutting down: end quietly (3.11's stream callback reports cancellations)

    return await asyncio.start_server(hold, "127.0.0.1", 0)


async def serve_dropping_proxy(backend_port: int, limit: int, switch: Optional[str],
                               log: EventLog) -> asyncio.AbstractServer:
    async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                   limit: Optional[int]) -> None:
        sent = 0
        try:
            while data := await reader.read(65536):
                if limit is not None and sent + len(data) >= limit \
                        and (switch is None or os.path.exists(switch)):
                    writer.write(data[:limit - sent])
                    await writer.drain()
                    log("drop", after_bytes=limit)
                    break
                sent += len(data)
                writer.write(data)
                await writer.drain()
        except ConnectionError:
            pass
        finally:
            writer.close()

    async def accept(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", backend_port)
        to_client = asyncio.ensure_future(pipe(up_reader, writer, limit))
        to_server = asyncio.ensure_future(pipe(reader, up_writer, None))
        try:
            await asyncio.wait([to_client, to_server], return_when=asyncio.FIRST_COMPLETED)
        except asyncio.CancelledError:
            pass  # shutting down, as in serve_stall
        writer.close()
        up_writer.close()
        for task in (to_client, to_server):
            task.cancel()

    return await asyncio.start_server(accept, "127.0.0.1", 0)


def watch_for_exit(stop: asyncio.Event) -> None:
    """Stops on SIGTERM/SIGINT, on EOF from a piped stdin, or when the parent goes away."""
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    mode = os.fstat(0).st_mode
    if stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode) or os.isatty(0):
        loop.add_reader(0, lambda: os.read(0, 4096) or stop.set())
    parent = os.getppid()

    def check_parent() -> None:
        if os.getppid() != parent:
            stop.set()
        else:
            loop.call_later(0.5, check_parent)
    check_parent()


async def main(scenario_path: str) -> None:
    with open(scenario_path, encoding="utf-8") as file:
        scenario = json.load(file)
    log = EventLog(scenario.get("log"))
    if "debug_log" in scenario:
        logging.basicConfig(filename=scenario["debug_log"], level=logging.INFO)
    stop = asyncio.Event()
    watch_for_exit(stop)
    if "host_key" in scenario:
        host_key = asyncssh.read_private_key(scenario["host_key"])
    else:
        host_key = asyncssh.generate_private_key("ssh-ed25519")
    misbehave: dict = scenario.get("misbehave", {})

    servers: list[Any] = []
    if misbehave.get("stall_before_banner") or misbehave.get("stall_after_banner"):
        servers.append(await serve_stall(bool(misbehave.get("stall_after_banner")), log))
        port = servers[0].sockets[0].getsockname()[1]
    else:
        sftp = scenario.get("sftp")
        acceptor = await asyncssh.listen(
            "127.0.0.1", 0, server_host_keys=[host_key],
            server_factory=lambda: ScenarioServer(scenario, log),
            process_factory=Sessions(scenario, log), encoding=None, line_editor=False,
            sftp_factory=sftp_factory(sftp, log) if sftp else None,
            allow_scp=False, agent_forwarding=False, x11_forwarding=False)
        servers.append(acceptor)
        port = acceptor.get_port()
        if "drop_after_bytes" in misbehave:
            proxy = await serve_dropping_proxy(port, int(misbehave["drop_after_bytes"]),
                                               misbehave.get("drop_switch"), log)
            servers.append(proxy)
            port = proxy.sockets[0].getsockname()[1]

    print(f"LISTENING {port} {host_key.get_fingerprint('sha256')}", flush=True)
    await stop.wait()
    for server in servers:
        server.close()


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: asyncssh_server.py scenario.json")
    asyncio.run(main(sys.argv[1]))
