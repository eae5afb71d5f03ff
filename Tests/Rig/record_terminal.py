#!/usr/bin/env python3
"""Records the raw bytes real programs write to an 80x24 terminal, for RecordedProgramSnapshotTests.

Usage: python3 Tests/Rig/record_terminal.py [NAME ...]   (default: all recordings)

Each program runs on a fresh pseudo-terminal (python3 `pty.fork`) sized 80x24 with TIOCSWINSZ,
under a fixed environment (TERM=xterm-256color, LANG=C.UTF-8, TZ=UTC, a throwaway HOME, no
LS_COLORS), and everything it writes until it exits is saved verbatim as
Tests/Fixtures/terminal-recordings/NAME.bytes. Interactive programs are sent keys once their
output goes quiet. The output is committed; rerun this only to refresh the fixtures.
"""

import fcntl
import os
import pty
import select
import shutil
import struct
import sys
import tempfile
import termios
import time

ROWS, COLUMNS = 24, 80
HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.normpath(os.path.join(HERE, "..", "Fixtures", "terminal-recordings"))
FIXED_TIME = 1_700_000_000  # 2023-11-14 22:13:20 UTC, for every mtime `ls -la` shows


def environment(home):
    return {
        "TERM": "xterm-256color",
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "TZ": "UTC",
        "HOME": home,
        "PATH": "/usr/bin:/bin",
        "SHELL": "/bin/sh",
        "USER": "termind",
    }


def read_available(fd, quiet_after):
    """Reads until nothing arrives for `quiet_after` seconds or the child closes the pty."""
    data = bytearray()
    while True:
        ready, _, _ = select.select([fd], [], [], quiet_after)
        if not ready:
            return bytes(data), False
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # EIO: the child has exited and the slave side is closed
            return bytes(data), True
        if not chunk:
            return bytes(data), True
        data += chunk


def record(argv, cwd, home, keys=(), quiet_after=1.0):
    """Runs argv on an 80x24 pty; after each quiet spell sends the next of `keys`; returns all output."""
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(cwd)
        os.execve(argv[0], argv, environment(home))
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
    output = bytearray()
    pending = list(keys)
    while True:
        data, closed = read_available(fd, quiet_after)
        output += data
        if closed:
            break
        if pending:
            os.write(fd, pending.pop(0))
        else:
            data, closed = read_available(fd, 5.0)
            output += data
            if not closed:
                os.kill(pid, 9)
                raise SystemExit(f"{argv} did not exit")
            break
    os.waitpid(pid, 0)
    os.close(fd)
    return bytes(output)


def make_ls_directory(root):
    """A directory with one of each kind ls colours: a directory, an executable, a symlink, a file."""
    listing = os.path.join(root, "listing")
    os.mkdir(listing)
    os.mkdir(os.path.join(listing, "docs"))
    with open(os.path.join(listing, "notes.txt"), "w") as handle:
        handle.write("plain file\n")
    with open(os.path.join(listing, "run.sh"), "w") as handle:
        handle.write("#!/bin/sh\necho run\n")
    os.chmod(os.path.join(listing, "run.sh"), 0o755)
    os.chmod(os.path.join(listing, "notes.txt"), 0o644)
    os.chmod(os.path.join(listing, "docs"), 0o755)
    os.symlink("notes.txt", os.path.join(listing, "link"))
    for name in ("docs", "notes.txt", "run.sh", "link", "."):
        os.utime(os.path.join(listing, name), (FIXED_TIME, FIXED_TIME), follow_symlinks=False)
    os.chmod(root, 0o755)
    os.utime(root, (FIXED_TIME, FIXED_TIME))
    return listing


def recordings(root, home):
    listing = make_ls_directory(root)
    return {
        "ls-color": lambda: record(["/usr/bin/ls", "--color=always", "-la"], listing, home),
        "vim": lambda: record(
            ["/bin/sh", "-c", "printf 'before vim\\n'; exec vim -u NONE -N -n -i NONE sample.txt"],
            FIXTURES, home, keys=[b":q!\r"],
        ),
        "top": lambda: record(["/usr/bin/top", "-n", "1"], root, home),
        "printf-wide": lambda: record(
            ["/usr/bin/printf", "wide:\u65e5\u672c\u8a9e|\nemoji:\U0001F600|\ncombining:e\u0301|\n"],
            root, home,
        ),
    }


def main():
    wanted = sys.argv[1:]
    root = tempfile.mkdtemp(prefix="termind-recording-")
    home = os.path.join(root, "home")
    os.mkdir(home)
    try:
        for name, run in recordings(root, home).items():
            if wanted and name not in wanted:
                continue
            data = run()
            path = os.path.join(FIXTURES, name + ".bytes")
            with open(path, "wb") as handle:
                handle.write(data)
            print(f"{name}: {len(data)} bytes -> {path}")
    finally:
        shutil.rmtree(root)


if __name__ == "__main__":
    main()
