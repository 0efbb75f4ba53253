#include <stddef.h>
/// Bytes the C allocator has handed out and not yet freed (0 where it cannot tell).
size_t heapstats_in_use(void);
