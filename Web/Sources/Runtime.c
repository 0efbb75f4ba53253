// What Embedded Swift asks of the C library, for a WebAssembly module that has none: memory
// (posix_memalign, free), the byte functions the compiler calls (memcpy, memmove, memset,
// memcmp), and random bytes for Hasher's seed. scripts/build-embedded.sh compiles it with
// clang for wasm32 and links it into the page's module; a firmware has its own C library.
//
// Memory is a free list per size class (powers of two from 16 bytes), carved from pages the
// module grows with memory.grow: a freed block waits for the next request of its class.

#include <stddef.h>
#include <stdint.h>

#define PAGE_SIZE 65536
#define HEADER 16
#define CLASSES 27

// A block starts with a header of 16 bytes, so the memory after it is 16-byte aligned: the
// first word is the size class, the second a mark, and a block made for a larger alignment
// keeps there the block it was cut from.
#define MARK_PLAIN 0x53544b31u
#define MARK_ALIGNED 0x53544b32u

extern unsigned char __heap_base;

static uintptr_t heap_next = 0;
static uintptr_t heap_end = 0;
static void *free_lists[CLASSES];

static int size_class(size_t size) {
  int class = 0;
  size_t capacity = 16;
  while (capacity < size) {
    capacity <<= 1;
    class += 1;
  }
  return class;
}

static void *grow(size_t bytes) {
  if (heap_next == 0) {
    heap_next = ((uintptr_t)&__heap_base + 15) & ~(uintptr_t)15;
    heap_end = __builtin_wasm_memory_size(0) * PAGE_SIZE;
  }
  if (heap_end - heap_next < bytes) {
    size_t pages = (bytes - (heap_end - heap_next) + PAGE_SIZE - 1) / PAGE_SIZE;
    if (__builtin_wasm_memory_grow(0, pages) == (size_t)-1) return NULL;
    heap_end += pages * PAGE_SIZE;
  }
  void *block = (void *)heap_next;
  heap_next += bytes;
  return block;
}

static void *allocate(size_t size) {
  if (size > ((size_t)16 << (CLASSES - 1)) - HEADER) return NULL;
  int class = size_class(size + HEADER);
  uint32_t *block = free_lists[class];
  if (block) {
    free_lists[class] = *(void **)(block + 2);
  } else {
    block = grow((size_t)16 << class);
    if (!block) return NULL;
  }
  block[0] = (uint32_t)class;
  block[1] = MARK_PLAIN;
  return (unsigned char *)block + HEADER;
}

void free(void *pointer) {
  if (!pointer) return;
  uint32_t *header = (uint32_t *)((unsigned char *)pointer - HEADER);
  if (header[1] == MARK_ALIGNED) {
    free(*(void **)(header + 2));
    return;
  }
  *(void **)(header + 2) = free_lists[header[0]];
  free_lists[header[0]] = header;
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  if (alignment <= HEADER) {
    *result = allocate(size);
    return *result ? 0 : 12;
  }
  // Room to move the start up to the alignment, with a header in front of it.
  unsigned char *raw = allocate(size + alignment + HEADER);
  if (!raw) return 12;
  uintptr_t start = ((uintptr_t)raw + HEADER + alignment - 1) & ~(uintptr_t)(alignment - 1);
  uint32_t *header = (uint32_t *)(start - HEADER);
  header[1] = MARK_ALIGNED;
  *(void **)(header + 2) = raw;
  *result = (void *)start;
  return 0;
}

void *malloc(size_t size) { return allocate(size); }

// With the bulk-memory feature these are the memory.copy and memory.fill instructions.
void *memcpy(void *destination, const void *source, size_t count) {
  __builtin_memcpy(destination, source, count);
  return destination;
}

void *memmove(void *destination, const void *source, size_t count) {
  __builtin_memmove(destination, source, count);
  return destination;
}

void *memset(void *destination, int value, size_t count) {
  __builtin_memset(destination, value, count);
  return destination;
}

int memcmp(const void *left, const void *right, size_t count) {
  const unsigned char *a = left, *b = right;
  for (size_t index = 0; index < count; index++) {
    if (a[index] != b[index]) return a[index] < b[index] ? -1 : 1;
  }
  return 0;
}

// Hasher's seed. The page hashes only its own inputs, so a fixed sequence serves; a firmware
// takes its seed from a hardware source.
void arc4random_buf(void *buffer, size_t count) {
  static uint64_t state = 0x9E3779B97F4A7C15u;
  unsigned char *bytes = buffer;
  for (size_t index = 0; index < count; index++) {
    state = state * 6364136223846793005u + 1442695040888963407u;
    bytes[index] = (unsigned char)(state >> 56);
  }
}
