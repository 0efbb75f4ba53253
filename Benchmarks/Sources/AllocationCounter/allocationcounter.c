// Counts heap allocations by interposing the C allocator's entry points in the executable that
// links this target: the dynamic linker resolves every library's calls to malloc (the Swift
// runtime's included) to these, which count and forward to glibc's own __libc_* functions.
// Only the screen benchmark links it, so no other benchmark pays for the count.
#include "allocationcounter.h"
#if defined(__linux__) && defined(__GLIBC__)
#include <errno.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static size_t allocations;

static void count_one(void) { __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED); }

size_t allocationcounter_count(void) { return __atomic_load_n(&allocations, __ATOMIC_RELAXED); }

void *malloc(size_t size) {
  count_one();
  return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
  count_one();
  return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
  count_one();
  return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
  count_one();
  return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  count_one();
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  count_one();
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) return ENOMEM;
  *result = pointer;
  return 0;
}
#else
size_t allocationcounter_count(void) { return 0; }
#endif
