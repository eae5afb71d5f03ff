/// Sampler output recorded from real kernels (processes trimmed), and by hand in the exact
/// formats of older ones, for `MetricsParsingTests`.
enum MetricsFixtures {
    /// Linux 6.18 (this machine's sandbox kernel, Debian 12 userland), two samples one second
    /// apart as `Resources/metrics/sampler.sh` printed them.
    static let linux618TwoSamples = #"""
@@sample 100 4096
@@uptime
4321.66 814.30
@@stat
cpu  518695 142012 111512 81430 2597 0 1721 4826 0 0
cpu0 258118 55258 56147 57790 1039 0 404 2487 0 0
cpu1 260577 86753 55365 23640 1557 0 1317 2338 0 0
@@meminfo
MemTotal:       24683652 kB
MemFree:        20566676 kB
MemAvailable:   23069928 kB
Buffers:           78408 kB
Cached:          2506664 kB
@@loadavg
5.77 5.86 6.04 11/172 4640
@@netdev
    lo: 18382272856 1195846    0    0    0     0          0         0 18382272856 1195846    0    0    0     0       0          0
  ifb0:       0       0    0    0    0     0          0         0        0       0    0    0    0     0       0          0
  ifb1:       0       0    0    0    0     0          0         0        0       0    0    0    0     0       0          0
  eth0: 29650412     830    0    0    0     0          0         0    46024     535    0    0    0     0       0          0
@@physical
eth0
@@diskstats
 254       0 vda 100309 10421 5946858 211163 408642 174958 64742816 603987 0 134292 892834 125381 60 56106608 55466 94351 22216
@@df
devtmpfs                   12334432        0  12334432       0% /dev
tmpfs                      24683652        0  24683652       0% /dev/shm
/dev/vda                  264212084 19256068  79809544      20% /
model_tools_unavailable           4        0         4       0% /mnt/sandboxing/model_tools_env/v1/python
tmpfs                      12341824        0  12341824       0% /sys/fs/cgroup
@@procs
1016 408727 0 136061 termind-fuzz
4466 431199 0 55470 swift-frontend
4187 429700 0 54746 swift-frontend
4451 431149 0 50573 swift-frontend
4462 431196 0 48401 swift-frontend
3099 419290 0 40385 swift-build
4046 428973 0 40113 swift-build
4507 431710 0 38985 swift-frontend
4558 432038 0 37038 swift-frontend
4562 432054 0 36354 swift-frontend
4442 431116 0 25103 swiftc
4441 431116 0 22969 swiftc
3843 427837 0 22718 swiftc
2532 416966 0 22404 swiftc
4392 430883 0 22245 swiftc
1018 408743 0 8807 llvm-symbolizer
11641 45899 0 4126 python3
1 25 0 2625 process_api
16418 375197 0 1147 sshd
21501 91788 0 1110 sshd
@@end
@@sample 100 4096
@@uptime
4322.68 814.30
@@stat
cpu  518894 142013 111517 81430 2597 0 1721 4826 0 0
cpu0 258218 55259 56149 57790 1039 0 404 2488 0 0
cpu1 260676 86754 55367 23640 1557 0 1317 2338 0 0
@@meminfo
MemTotal:       24683652 kB
MemFree:        20550824 kB
MemAvailable:   23054528 kB
Buffers:           78408 kB
Cached:          2506940 kB
@@loadavg
5.77 5.86 6.04 9/172 4674
@@netdev
    lo: 18382272856 1195846    0    0    0     0          0         0 18382272856 1195846    0    0    0     0       0          0
  ifb0:       0       0    0    0    0     0          0         0        0       0    0    0    0     0       0          0
  ifb1:       0       0    0    0    0     0          0         0        0       0    0    0    0     0       0          0
  eth0: 29650412     830    0    0    0     0          0         0    46024     535    0    0    0     0       0          0
@@physical
eth0
@@diskstats
 254       0 vda 100312 10421 5946890 211164 408662 174958 64743024 603992 0 134296 892845 125401 60 56106816 55471 94351 22216
@@df
devtmpfs                   12334432        0  12334432       0% /dev
tmpfs                      24683652        0  24683652       0% /dev/shm
/dev/vda                  264212084 19256340  79809272      20% /
model_tools_unavailable           4        0         4       0% /mnt/sandboxing/model_tools_env/v1/python
tmpfs                      12341824        0  12341824       0% /sys/fs/cgroup
@@procs
4558 432038 35 39022 swift-frontend
4466 431199 34 56206 swift-frontend
4187 429700 34 54939 swift-frontend
4507 431710 27 39785 swift-frontend
4451 431149 25 50605 swift-frontend
4562 432054 23 38928 swift-frontend
4462 431196 22 48881 swift-frontend
1016 408727 1 136061 termind-fuzz
77 132 1 0 kdamond.0
33 27 1 0 kworker/u8:1-ext4-rsv-conversion
3099 419290 0 40385 swift-build
4046 428973 0 40113 swift-build
4442 431116 0 25103 swiftc
4441 431116 0 22969 swiftc
3843 427837 0 22718 swiftc
2532 416966 0 22404 swiftc
4392 430883 0 22245 swiftc
1018 408743 0 8807 llvm-symbolizer
11641 45899 0 4126 python3
1 25 0 2625 process_api
@@end

"""#

    /// Linux 2.6.32 (CentOS 6): `/proc/stat` with nine columns (no guest_nice), no
    /// `MemAvailable`, 14-field diskstats, net/dev with the first figure glued to the colon.
    static let linux2632 = #"""
@@sample 100 4096
@@uptime
86400.50 170000.00
@@stat
cpu  100000 500 20000 1500000 3000 10 200 0 0
cpu0 50000 250 10000 750000 1500 5 100 0 0
cpu1 50000 250 10000 750000 1500 5 100 0 0
@@meminfo
MemTotal:        1922000 kB
MemFree:          200000 kB
Buffers:          100000 kB
Cached:           700000 kB
@@loadavg
0.08 0.03 0.01 1/180 2345
@@netdev
    lo:  123456     100    0    0    0     0          0         0   123456     100    0    0    0     0       0          0
  eth0:98765432  65000    0    0    0     0          0         0 12345678   43000    0    0    0     0       0          0
@@physical
eth0
@@diskstats
   8       1 sda1 5000 40000 2000 16000
   8       16 sdb 12000 300 960000 40000 8000 9000 680000 90000 0 50000 130000
@@df
/dev/mapper/vg_root-lv_root  51475068 2113540  46740088   5% /
tmpfs                          961000       0    961000   0% /dev/shm
/dev/sda1                      495844   39200    430996   9% /boot
@@procs
2345 8640050 3 512 sshd
@@end

"""#

    /// Linux 5.15 (Ubuntu 22.04): 20-field diskstats, a bridge and veths beside the NIC, a
    /// mount point with a space, a process name with spaces and a parenthesis.
    static let linux515 = #"""
@@sample 100 4096
@@uptime
1000.00 1900.00
@@stat
cpu  4000 0 1000 15000 0 0 0 0 0 0
cpu0 2000 0 500 7500 0 0 0 0 0 0
cpu1 2000 0 500 7500 0 0 0 0 0 0
@@meminfo
MemTotal:        8000000 kB
MemFree:         1000000 kB
MemAvailable:    6000000 kB
@@loadavg
1.50 0.75 0.25 3/400 9999
@@netdev
    lo: 1000 10 0 0 0 0 0 0 1000 10 0 0 0 0 0 0
enp3s0: 5000000 4000 0 0 0 0 0 0 2000000 3000 0 0 0 0 0 0
docker0: 7000 7 0 0 0 0 0 0 7000 7 0 0 0 0 0 0
veth1a2b: 7000 7 0 0 0 0 0 0 7000 7 0 0 0 0 0 0
@@physical
enp3s0
@@diskstats
 259       0 nvme0n1 50000 100 4000000 9000 60000 7000 8000000 20000 0 30000 29000 0 0 0 0 1000 500 
@@df
/dev/nvme0n1p2 490617784 200000000 265617784  43% /
/dev/sdb1       1000000    500000    500000  50% /media/My Disk
@@procs
4242 99000 150 2048 Web Content (x)
@@end

"""#

    static let linux515Later = #"""
@@sample 100 4096
@@uptime
1002.00 1903.00
@@stat
cpu  4300 0 1100 15200 0 0 0 0 0 0
cpu0 2200 0 550 7550 0 0 0 0 0 0
cpu1 2100 0 550 7650 0 0 0 0 0 0
@@meminfo
MemTotal:        8000000 kB
MemAvailable:    5000000 kB
@@loadavg
1.60 0.80 0.26 3/400 9999
@@netdev
    lo: 9000 10 0 0 0 0 0 0 9000 10 0 0 0 0 0 0
enp3s0: 5200000 4000 0 0 0 0 0 0 2100000 3000 0 0 0 0 0 0
docker0: 9000 7 0 0 0 0 0 0 9000 7 0 0 0 0 0 0
@@physical
enp3s0
@@diskstats
 259       0 nvme0n1 50000 100 4004000 9000 60000 7000 8002000 20000 0 30000 29000 0 0 0 0 1000 500
@@df
/dev/nvme0n1p2 490617784 200000000 265617784  43% /
@@procs
4242 99000 150 2048 Web Content (x)
@@end

"""#
}
