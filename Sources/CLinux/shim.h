#ifndef TERMIND_CLINUX_SHIM_H
#define TERMIND_CLINUX_SHIM_H

#include <sys/types.h>
#include <sys/eventfd.h>
#include <sys/prctl.h>

/* Linux calls Swift's Glibc module leaves out (glibc declares sync_file_range only under
   _GNU_SOURCE, mallopt only in <malloc.h>). Declared here as glibc defines them; no library beyond libc is linked. */

#define TERMIND_SYNC_FILE_RANGE_WRITE 2

extern int sync_file_range(int fd, __off64_t offset, __off64_t nbytes, unsigned int flags);

/* <malloc.h>'s tuning, which the Glibc module does not include. */
#define TERMIND_M_TRIM_THRESHOLD (-1)
#define TERMIND_M_MMAP_THRESHOLD (-3)
#define TERMIND_M_ARENA_MAX (-8)

extern int mallopt(int param, int value);

/* <sys/eventfd.h>, which the Glibc module leaves out. A non-blocking, close-on-exec eventfd: the
   connection worker's wake-up call. */
static inline int termind_worker_eventfd(void) {
    return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
}

/* Names the calling thread (a connection worker) for /proc and debuggers. Here because
   pthread_setname_np needs _GNU_SOURCE and prctl is variadic: neither imports into Swift. */
static inline void termind_name_current_thread(const char *name) {
    prctl(PR_SET_NAME, (unsigned long)name, 0, 0, 0);
}

#endif
