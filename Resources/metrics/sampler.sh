# Termind's server-metrics sampler (docs/behaviour.md §9). termind runs `sh -s` on an exec
# channel and writes this script to its standard input: the server's process table shows
# `sh -s`, `awk -f /dev/fd/3` and `sleep`, never the script, and nothing is installed or
# written on the server. Every @@interval@@ seconds it prints one bounded sample of /proc, each
# section after a line "@@BOUNDARY NAME" (sample, uptime, stat, ..., procs, end). BOUNDARY is
# a random word termind makes for each run and hands over here, on standard input: no process
# on the server can know it, so no name a process gives itself can start or end a section.
# Each /proc/PID/stat is read whole and by its structure (the name is what lies between the
# first "(" and the last ")"), and a name leaves escaped ("\n" for a newline, "\\" for a
# backslash), so no name can break a line either. termind parses it (Domain: MetricsStream).
# A server without /proc says "@@BOUNDARY unavailable" and the sampler stops.
# It is all one compound command, so the shell has read it whole before it starts: the rest
# of standard input is termind's, and its end stops the sampler.
{
boundary=@@boundary@@
if [ ! -r /proc/stat ] || [ ! -r /proc/uptime ]; then echo "@@$boundary unavailable"; exit 0; fi
LC_ALL=C; export LC_ALL
interval=@@interval@@
filesystems=@@filesystems@@
limit=
if command -v timeout >/dev/null 2>&1; then limit='timeout 3'; fi
# mawk (Debian's awk) reads a pipe in blocks unless interactive: a sample would wait a whole
# interval inside it. Other awks read it a line at a time already.
reader=awk
if awk -W interactive 'BEGIN { exit 0 }' </dev/null >/dev/null 2>&1; then reader='awk -W interactive'; fi
# The loop tells the reader what to read in lines that start with the boundary (never in
# arguments, which every user of the server can read); its first line is the boundary itself.
# The loop runs in the background while the foreground waits for termind to close the
# channel's input, then ends the whole process group: closing an exec channel alone would leave
# the loop running until its next write.
{
  echo "$boundary"
  echo "$boundary clock $(getconf CLK_TCK 2>/dev/null || echo 100) $(getconf PAGESIZE 2>/dev/null || echo 4096)"
  # Only whole block devices that store data: partitions would count twice, loop and ram none.
  echo "$boundary blocks"
  ls /sys/block 2>/dev/null | grep -v -E '^(loop|ram|zram)' | head -n 256
  while :; do
    echo "$boundary sample"
    # printf is built in: the list of processes costs no process and no argument list.
    echo "$boundary procs"
    printf '%s\n' /proc/[0-9]*/stat
    # Physical interfaces have a device behind them; lo, bridges and veths do not.
    echo "$boundary physical"
    n=0
    for d in /sys/class/net/*/device; do
      if [ -e "$d" ] && [ $n -lt 64 ]; then n=$((n + 1)); d=${d%/device}; echo "${d##*/}"; fi
    done
    if [ "$filesystems" = 1 ]; then echo "$boundary df"; $limit df -P -k 2>/dev/null | tail -n +2 | head -n 64; fi
    echo "$boundary end"
    sleep "$interval"
  done
} 2>/dev/null | $reader -f /dev/fd/3 3<<'TERMIND_SAMPLER_AWK' 2>/dev/null &
# Reads the /proc files the loop names and keeps, of the processes, the 20 busiest since the
# last sample, each as "pid starttime ticks rsspages name" (never arguments or environment):
# the sample stays small. A sample leaves in one write at its end (the interactive awk writes
# each print at once, and each write would be an SSH packet and a wake-up for termind).
function section(s) { out = out mark s "\n" }
function copy(f, from, to, pattern,   l, n) {
  n = 0
  while ((getline l < f) > 0) if (++n >= from && n <= to && l ~ pattern) out = out l "\n"
  close(f)
}
function begin(   l, n, x) {
  out = ""; section("sample " clock)
  section("uptime"); copy("/proc/uptime", 1, 1, "")
  section("stat"); n = 0
  while ((getline l < "/proc/stat") > 0) if (l ~ /^cpu/ && n++ < 513) out = out l "\n"
  close("/proc/stat")
  section("meminfo"); copy("/proc/meminfo", 1, 4096, "^(MemTotal|MemAvailable|MemFree|Buffers|Cached):")
  section("loadavg"); copy("/proc/loadavg", 1, 1, "")
  section("netdev"); copy("/proc/net/dev", 3, 66, "")
  section("diskstats"); n = 0
  while ((getline l < "/proc/diskstats") > 0) { split(l, x, " "); if ((x[3] in w) && n++ < 64) out = out l "\n" }
  close("/proc/diskstats")
  count = 0
}
# One /proc/PID/stat, whole: a name may hold newlines, so its lines are joined again.
function process(f,   s, l, n, op, cl, k, rest, x, key) {
  s = ""; n = 0
  while ((getline l < f) > 0) s = (n++ ? s "\n" l : l)
  close(f)
  op = index(s, "("); cl = 0; rest = s
  while ((k = index(rest, ")")) > 0) { cl += k; rest = substr(rest, k + 1) }
  if (op < 2 || cl <= op) return
  if (split(substr(s, cl + 2), x, " ") < 22) return
  key = (substr(s, 1, op - 1) + 0) " " x[20]
  ticks[key] = x[12] + x[13]; rss[key] = x[22]; name[key] = substr(s, op + 1, cl - op - 1)
  count++
}
function escape(s,   r, i, c) {
  r = ""
  for (i = 1; i <= length(s); i++) {
    c = substr(s, i, 1)
    if (c == "\\") r = r "\\\\"; else if (c == "\n") r = r "\\n"; else r = r c
  }
  return r
}
function busiest(   i, d, best, bestKey, k) {
  section("procs")
  for (i = 0; i < 20; i++) {
    best = -1; bestKey = ""
    for (k in ticks) if (!(k in shown)) {
      d = (k in prev) ? ticks[k] - prev[k] : 0
      if (d > best || (d == best && rss[k] > rss[bestKey])) { best = d; bestKey = k }
    }
    if (bestKey == "") break
    shown[bestKey] = 1
    out = out bestKey " " best " " rss[bestKey] " " escape(name[bestKey]) "\n"
  }
  split("", prev); for (k in ticks) prev[k] = ticks[k]
  split("", ticks); split("", rss); split("", name); split("", shown)
}
NR == 1 { boundary = $0; lead = boundary " "; mark = "@@" boundary " "; next }
index($0, lead) == 1 {
  mode = substr($0, length(lead) + 1)
  if (mode ~ /^clock /) clock = substr(mode, 7)
  else if (mode == "sample") begin()
  else if (mode == "physical" || mode == "df") section(mode)
  else if (mode == "end") { busiest(); section("end"); printf "%s", out; fflush(); out = "" }
  next
}
mode == "blocks" { w[$0] = 1; next }
mode == "procs" { if (count < 4096) process($0); next }
mode == "physical" { out = out $0 "\n"; next }
# A line cut to 1,000 bytes (LC_ALL=C: bytes) keeps its figures before a long mount point
# (FUSE paths run to kilobytes), whose name termind shortens anyway: 64 of them keep the sample
# far under termind's bound, where whole lines could pass it and fail every sample.
mode == "df" { out = out substr($0, 1, 1000) "\n" }
TERMIND_SAMPLER_AWK
cat >/dev/null
kill 0 2>/dev/null
}
