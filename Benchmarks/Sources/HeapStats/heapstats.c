#include "heapstats.h"
#if defined(__linux__)
#include <malloc.h>
size_t heapstats_in_use(void) { return mallinfo2().uordblks; }
#else
size_t heapstats_in_use(void) { return 0; }
#endif
