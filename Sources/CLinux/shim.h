#ifndef TERMIND_CLINUX_SHIM_H
#define TERMIND_CLINUX_SHIM_H

#include <sys/types.h>

/* Linux calls Swift's Glibc module leaves out (glibc declares sync_file_range only under
   _GNU_SOURCE, mallopt only in <malloc.h>). Declared here as glibc defines them; no library beyond libc is linked. */

#define TERMIND_SYNC_FILE_RANGE_WRITE 2

extern int sync_file_range(int fd, __off64_t offset, __off64_t nbytes, unsigned int flags);

/* <malloc.h>'s tuning, which the Glibc module does not include. */
#define TERMIND_M_TRIM_THRESHOLD (-1)
#define TERMIND_M_MMAP_THRESHOLD (-3)
#define TERMIND_M_ARENA_MAX (-8)

extern int mallopt(int param, int value);

#endif
