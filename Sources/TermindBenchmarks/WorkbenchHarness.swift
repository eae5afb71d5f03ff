/// The Python harness `WorkbenchBenchmarks` drives a multiplexer with: it runs a program in a
/// pseudo-terminal of its own, drains that terminal as fast as it can (as a fast terminal
/// would) and prints what it measured as one line of JSON. The spec (JSON, its one argument)
/// says the program, its environment, the keys that set it up and quit it, the command to time
/// and the marker that ends it, and which processes count as the writer (`writerArgs`: their
/// `write(2)` bytes, from /proc/PID/io, and CPU seconds during the timed command). `catOnly` times the command
/// alone; `readRate` makes the terminal slow (it reads that many bytes a second, 4 KiB a read).
enum WorkbenchHarness {
    static let script = #"""
import fcntl, json, os, select, struct, sys, termios, time

spec = json.loads(sys.argv[1])
cols, rows = spec["columns"], spec["rows"]
master, slave = os.openpty()
fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
pid = os.fork()
if pid == 0:
    os.setsid()
    fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
    for fd in (0, 1, 2):
        os.dup2(slave, fd)
    os.closerange(3, 65536)
    env = dict(os.environ)
    env.update(spec["environment"])
    os.execvpe(spec["argv"][0], spec["argv"], env)
os.close(slave)

received = 0

def read(timeout):
    global received
    ready, _, _ = select.select([master], [], [], timeout)
    if not ready:
        return None
    rate = spec.get("readRate")
    try:
        data = os.read(master, 4096 if rate else 1 << 16)
    except OSError:
        return b""
    received += len(data)
    if rate:
        # A slow terminal: it takes this many bytes a second.
        time.sleep(len(data) / rate)
    return data

seen = b""

def wait_for(pattern, timeout):
    global seen
    tail = b""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        data = read(0.1)
        if data is None:
            continue
        if data == b"":
            return False
        tail = (tail + data)[-8192:]
        seen = tail
        if pattern in tail:
            return True
    return False

def quiet(period, limit=20):
    """Reads until nothing came for `period` seconds; returns the bytes read."""
    total = 0
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        data = read(period)
        if not data:
            return total
        total += len(data)
    return total

def processes():
    """Our child and its descendants, and every process whose command line has a marker."""
    parents, commands = {}, {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = open(f"/proc/{entry}/stat").read()
            parents[int(entry)] = int(stat[stat.rindex(")") + 2:].split()[1])
            commands[int(entry)] = open(f"/proc/{entry}/cmdline", "rb").read().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            pass
    found = {pid}
    changed = True
    while changed:
        changed = False
        for child, parent in parents.items():
            if parent in found and child not in found:
                found.add(child)
                changed = True
    for other, command in commands.items():
        if any(marker in command for marker in spec.get("alsoCount", [])):
            found.add(other)
    return found

def switches(pids):
    counts = {}
    for process in pids:
        try:
            for task in os.listdir(f"/proc/{process}/task"):
                total = 0
                for line in open(f"/proc/{process}/task/{task}/status"):
                    if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                        total += int(line.split()[1])
                counts[(process, task)] = total
        except OSError:
            pass
    return counts

def writer_usage():
    """What the processes under test (those whose arguments hold spec["writerArgs"] in a row:
    termind itself, or the inner tmux's client and server) used so far: the bytes they gave
    write(2) and their CPU seconds."""
    wanted = [argument.encode() for argument in spec.get("writerArgs", [])]
    written, cpu = 0, 0.0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            arguments = open(f"/proc/{entry}/cmdline", "rb").read().split(b"\0")
            if not any(arguments[i:i + len(wanted)] == wanted for i in range(len(arguments))):
                continue
            for line in open(f"/proc/{entry}/io"):
                if line.startswith("wchar:"):
                    written += int(line.split()[1])
            stat = open(f"/proc/{entry}/stat").read()
            fields = stat[stat.rindex(")") + 2:].split()
            cpu += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except OSError:
            pass
    return written, cpu

result = {"typeBytes": 0, "scrollBytes": 0, "idleWakeupsPerSecond": 0, "processes": 0, "pasteSeconds": 0}
# Ready: the remote shell printed its greeting and prompt and went quiet.
if not wait_for(spec["ready"].encode(), 30) or quiet(1.0) < 0:
    print(json.dumps({"error": "never ready; the terminal last showed " + repr(seen[-3000:])}))
    sys.exit(1)
# The same plain prompt on both sides, whatever the account's colours; then each side's own
# set-up keys (Termind hides its Navigator, so both panes span the terminal's width).
os.write(master, b"PS1='$ '; clear\r")
quiet(0.5)
os.write(master, spec.get("setup", "").encode("latin-1"))
quiet(0.5)

catOnly = spec.get("catOnly", False)

# One character typed and echoed.
if not catOnly:
    os.write(master, b"x")
    result["typeBytes"] = quiet(0.3)
    os.write(master, b"\x7f")
    quiet(0.3)

    # One line scrolled: a full screen, then an empty command (the screen moves up one line).
    os.write(master, b"clear; seq -f '%g: the quick brown fox jumps over the lazy dog' 1 200\r")
    quiet(0.5)
    os.write(master, b"\r")
    result["scrollBytes"] = quiet(0.3)

    # Idle: nothing typed, nothing printed.
    quiet(1.0)
    pids = processes()
    before = switches(pids)
    idle = spec.get("idleSeconds", 5)
    deadline = time.monotonic() + idle
    while time.monotonic() < deadline:
        read(deadline - time.monotonic())
    after = switches(pids)
    result["idleWakeupsPerSecond"] = sum(v - before.get(k, 0) for k, v in after.items()) / idle
    result["processes"] = len(pids)

# The big cat, timed to the marker (computed remotely, so the echoed command does not match);
# the bytes this terminal received meanwhile, and those the program under test wrote.
(writtenBefore, cpuBefore), receivedBefore = writer_usage(), received
start = time.monotonic()
os.write(master, spec["command"].encode() + b"\r")
if not wait_for(spec["marker"].encode(), 900):
    result["error"] = "the marker never came"
result["catSeconds"] = time.monotonic() - start
result["catBytesReceived"] = received - receivedBefore
writtenAfter, cpuAfter = writer_usage()
result["catBytesWritten"] = writtenAfter - writtenBefore
result["catCPUSeconds"] = cpuAfter - cpuBefore
quiet(0.5)
if catOnly:
    os.write(master, spec["quit"].encode("latin-1"))
    quiet(0.5, limit=5)
    try:
        os.kill(pid, 15)
    except ProcessLookupError:
        pass
    os.waitpid(pid, 0)
    print(json.dumps(result))
    sys.exit(0)

# A paste of 200 KB arriving as keys, 4 KiB at a time, while the terminal's output is drained;
# timed until the remote `head -c` has read every byte (echo off: the input path alone).
paste = b"".join((b"%05d " % i) + b"pasted text " * 6 + b".\r" for i in range(2500))  # 200,000 bytes
os.write(master, b"stty -echo; head -c %d > /dev/null; stty echo; echo $((111110+111112))-PASTED\r" % len(paste))
quiet(0.5)
start = time.monotonic()
view = memoryview(paste)
while view:
    readable, writable, _ = select.select([master], [master], [], 1.0)
    if readable:
        read(0)
    if writable:
        try:
            view = view[os.write(master, view[:4096]):]
        except OSError:
            break
if not wait_for(b"222222-PASTED", 60):
    result["error"] = "the paste never arrived whole"
result["pasteSeconds"] = time.monotonic() - start
quiet(0.5)

os.write(master, spec["quit"].encode("latin-1"))
quiet(0.5, limit=5)
try:
    os.kill(pid, 15)
except ProcessLookupError:
    pass
os.waitpid(pid, 0)
print(json.dumps(result))
"""#
}
