// What the host run takes from the C library: a monotonic clock for its timings and exit for
// its status. Embedded Swift has no Foundation.
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

static inline uint64_t firmware_now_nanoseconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}
