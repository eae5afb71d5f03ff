# Termind's server-metrics sampler (docs/behaviour.md §9): sent as an exec channel's command,
# nothing installed or written on the server. Every @@interval@@ seconds it prints one bounded
# sample of /proc between "@@sample" and "@@end"; termind parses it (Domain: MetricsSampleParser).
# A server without /proc says "@@unavailable" and the sampler stops.
if [ ! -r /proc/stat ] || [ ! -r /proc/uptime ]; then echo '@@unavailable'; exit 0; fi
LC_ALL=C; export LC_ALL
interval=@@interval@@
filesystems=@@filesystems@@
limit=
if command -v timeout >/dev/null 2>&1; then limit='timeout 3'; fi
# Only whole block devices that store data: partitions would count twice, loop and ram none.
# mawk (Debian's awk) reads a pipe in blocks unless interactive: a sample would wait a whole
# interval inside it. Other awks read it a line at a time already.
sieve=awk
if awk -W interactive 'BEGIN { exit 0 }' </dev/null >/dev/null 2>&1; then sieve='awk -W interactive'; fi
clock="$(getconf CLK_TCK 2>/dev/null || echo 100) $(getconf PAGESIZE 2>/dev/null || echo 4096)"
blocks=$(ls /sys/block 2>/dev/null | grep -v -E '^(loop|ram|zram)')
# The loop runs in the background while the foreground waits for termind to close the
# channel's input, then ends the whole process group: closing an exec channel alone would leave
# the loop running until its next write.
while :; do
  # One awk reads the /proc files (each bounded), so a sample costs few processes.
  awk -v blocks="$blocks" -v clock="$clock" 'BEGIN {
    print "@@sample " clock
    print "@@uptime"; if ((getline l < "/proc/uptime") > 0) print l
    print "@@stat"; n = 0; while ((getline l < "/proc/stat") > 0) if (l ~ /^cpu/ && n++ < 513) print l
    print "@@meminfo"; while ((getline l < "/proc/meminfo") > 0) if (l ~ /^(MemTotal|MemAvailable|MemFree|Buffers|Cached):/) print l
    print "@@loadavg"; if ((getline l < "/proc/loadavg") > 0) print l
    print "@@netdev"; n = 0; while ((getline l < "/proc/net/dev") > 0) if (++n > 2 && n <= 66) print l
    print "@@diskstats"; k = split(blocks, a, "\n"); for (i = 1; i <= k; i++) w[a[i]] = 1
    n = 0; while ((getline l < "/proc/diskstats") > 0) { split(l, f, " "); if ((f[3] in w) && n++ < 64) print l }
  }'
  # Physical interfaces have a device behind them; lo, bridges and veths do not.
  echo '@@physical'
  n=0
  for d in /sys/class/net/*/device; do
    if [ -e "$d" ] && [ $n -lt 64 ]; then n=$((n + 1)); d=${d%/device}; echo "${d##*/}"; fi
  done
  if [ "$filesystems" = 1 ]; then echo '@@df'; $limit df -P -k 2>/dev/null | tail -n +2 | head -n 64; fi
  echo '@@procs'; cat /proc/[0-9]*/stat 2>/dev/null
  echo '@@end'
  sleep "$interval"
done 2>/dev/null | $sieve '
# Keeps the processes out of the stream but the 20 busiest since the last sample, each as
# "pid starttime ticks rsspages name" (never arguments or environment): the sample stays small.
# A sample leaves in one write at its end (the interactive awk writes each print at once, and
# each write would be an SSH packet and a wake-up for termind).
function emit(   i, j, best, bestKey, k) {
  for (i = 0; i < 20; i++) {
    best = -1; bestKey = ""
    for (k in ticks) if (!(k in shown)) {
      d = (k in prev) ? ticks[k] - prev[k] : 0
      if (d > best || (d == best && rss[k] > rss[bestKey])) { best = d; bestKey = k }
    }
    if (bestKey == "") break
    shown[bestKey] = 1
    out = out bestKey " " best " " rss[bestKey] " " name[bestKey] "\n"
  }
  split("", prev); for (k in ticks) prev[k] = ticks[k]
  split("", ticks); split("", rss); split("", name); split("", shown); count = 0
}
$0 == "@@procs" { inprocs = 1; out = out $0 "\n"; next }
$0 == "@@end" { if (inprocs) emit(); inprocs = 0; printf "%s@@end\n", out; fflush(); out = ""; next }
inprocs {
  if (count >= 4096) next
  op = index($0, "("); cl = 0; rest = $0
  while ((k = index(rest, ")")) > 0) { cl += k; rest = substr(rest, k + 1) }
  if (op == 0 || cl <= op) next
  n = split(substr($0, cl + 2), f, " ")
  if (n < 22) next
  key = ($1 + 0) " " f[20]
  ticks[key] = f[12] + f[13]; rss[key] = f[22]; name[key] = substr($0, op + 1, cl - op - 1)
  count++
  next
}
{ out = out $0 "\n" }
' 2>/dev/null &
cat >/dev/null
kill 0 2>/dev/null
