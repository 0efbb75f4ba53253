#include <stddef.h>
/// Calls to malloc, calloc, realloc and the aligned allocators since the process started, where
/// the C library lets an executable interpose them (glibc); 0 elsewhere.
size_t allocationcounter_count(void);
