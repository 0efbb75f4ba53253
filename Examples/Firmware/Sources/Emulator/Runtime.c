// What the Embedded Swift code needs from a C library and compiler runtime, and nothing more: the
// firmware links no libc, and the toolchain ships no compiler-rt for Arm. Every function here is
// one the linked image calls; the linker fails on any it calls that is missing.
//
// - putchar (print's output), buffered by line and written through semihosting (Startup.c);
// - posix_memalign and free: an allocator of power-of-two blocks with a free list per size,
//   over the RAM between .bss and the stack;
// - arc4random_buf: the seed of Swift's hashing. The board has no entropy source, so it is a
//   fixed sequence: fine for a hash seed, not for anything secret;
// - memcpy, memmove, memset and the Arm EABI's forms of them (memcpy by words where it can);
// - 64-bit shifts and unsigned division, and the double-precision operations the standard library's hash tables use
//   to size themselves (their load factor is a Double). The Cortex-M7's FPU computes those, so
//   they are one instruction each; a Cortex-M4, with no double-precision FPU, would take them
//   from a soft-float library.

typedef __SIZE_TYPE__ size_t;

void board_write(const char *bytes, unsigned int count);

static char line[256];
static unsigned int line_count;

void board_flush(void) {
  if (line_count > 0) board_write(line, line_count);
  line_count = 0;
}

int putchar(int character) {
  line[line_count++] = (char)character;
  if (character == '\n' || line_count == sizeof line) board_flush();
  return character;
}

// Blocks of 2^k bytes (k from 5), a 16-byte header holding k, so the payload is 16-byte aligned.
extern char __heap_start[], __heap_end[];
static char *heap_next = __heap_start;
static void *free_blocks[32];
enum { HEADER = 16, ENOMEM = 12, EINVAL = 22 };

int posix_memalign(void **result, size_t alignment, size_t size) {
  if (alignment > HEADER) return EINVAL;
  unsigned int size_class = 5;
  while (size_class < 31 && (1u << size_class) - HEADER < size) size_class++;
  if ((1u << size_class) - HEADER < size) return ENOMEM;
  char *block = free_blocks[size_class];
  if (block) {
    free_blocks[size_class] = *(void **)block;
  } else {
    if ((size_t)(__heap_end - heap_next) < (1u << size_class)) return ENOMEM;
    block = heap_next;
    heap_next += 1u << size_class;
  }
  *(unsigned int *)block = size_class;
  *result = block + HEADER;
  return 0;
}

void free(void *pointer) {
  if (!pointer) return;
  char *block = (char *)pointer - HEADER;
  unsigned int size_class = *(unsigned int *)block;
  *(void **)block = free_blocks[size_class];
  free_blocks[size_class] = block;
}

void arc4random_buf(void *buffer, size_t count) {
  static unsigned int state = 0x2545F491u;
  unsigned char *bytes = buffer;
  for (size_t index = 0; index < count; index++) {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    bytes[index] = (unsigned char)state;
  }
}

// A word at a time where both are aligned (the compiler's __aeabi_memcpy4 and 8 promise it), as
// a C library's would: Swift copies its structures with these.
void *memcpy(void *destination, const void *source, size_t count) {
  unsigned char *to = destination;
  const unsigned char *from = source;
  if ((((unsigned int)to | (unsigned int)from) & 3) == 0) {
    for (; count >= 4; count -= 4, to += 4, from += 4) {
      *(unsigned int *)to = *(const unsigned int *)from;
    }
  }
  while (count--) *to++ = *from++;
  return destination;
}

void *memmove(void *destination, const void *source, size_t count) {
  unsigned char *to = destination;
  const unsigned char *from = source;
  if (to < from) {
    while (count--) *to++ = *from++;
  } else {
    while (count--) to[count] = from[count];
  }
  return destination;
}

void *memset(void *destination, int value, size_t count) {
  unsigned char *to = destination;
  while (count--) *to++ = (unsigned char)value;
  return destination;
}

void __aeabi_memcpy(void *to, const void *from, size_t count) { memcpy(to, from, count); }
void __aeabi_memcpy4(void *to, const void *from, size_t count) { memcpy(to, from, count); }
void __aeabi_memcpy8(void *to, const void *from, size_t count) { memcpy(to, from, count); }
void __aeabi_memmove(void *to, const void *from, size_t count) { memmove(to, from, count); }
void __aeabi_memmove4(void *to, const void *from, size_t count) { memmove(to, from, count); }
void __aeabi_memmove8(void *to, const void *from, size_t count) { memmove(to, from, count); }
void __aeabi_memset(void *to, size_t count, int value) { memset(to, value, count); }
void __aeabi_memset4(void *to, size_t count, int value) { memset(to, value, count); }
void __aeabi_memset8(void *to, size_t count, int value) { memset(to, value, count); }
void __aeabi_memclr(void *to, size_t count) { memset(to, 0, count); }
void __aeabi_memclr4(void *to, size_t count) { memset(to, 0, count); }
void __aeabi_memclr8(void *to, size_t count) { memset(to, 0, count); }

// 64-bit shifts, on the two 32-bit halves (a shift of a 64-bit value in C would call these).
typedef union {
  unsigned long long whole;
  struct {
    unsigned int low, high;
  } half;
} Words;

unsigned long long __aeabi_llsl(unsigned long long value, int shift) {
  Words in = {value}, out;
  if (shift == 0) return value;
  if (shift >= 64) return 0;
  if (shift >= 32) {
    out.half.high = in.half.low << (shift - 32);
    out.half.low = 0;
  } else {
    out.half.high = in.half.high << shift | in.half.low >> (32 - shift);
    out.half.low = in.half.low << shift;
  }
  return out.whole;
}

unsigned long long __aeabi_llsr(unsigned long long value, int shift) {
  Words in = {value}, out;
  if (shift == 0) return value;
  if (shift >= 64) return 0;
  if (shift >= 32) {
    out.half.low = in.half.high >> (shift - 32);
    out.half.high = 0;
  } else {
    out.half.low = in.half.low >> shift | in.half.high << (32 - shift);
    out.half.high = in.half.high >> shift;
  }
  return out.whole;
}

// Unsigned 64-bit division: the quotient in r0 and r1, the remainder in r2 and r3, which C cannot
// return, so a few instructions of assembly call the C division with a place for the remainder.
// Swift traps on a zero divisor before dividing.
unsigned long long board_divide(unsigned long long dividend, unsigned long long divisor,
                                unsigned long long *remainder) {
  if (dividend >> 32 == 0 && divisor >> 32 == 0) {
    *remainder = (unsigned int)dividend % (unsigned int)divisor;
    return (unsigned int)dividend / (unsigned int)divisor;
  }
  unsigned long long quotient = 0, rest = 0;
  for (int bit = 0; bit < 64; bit++) {
    rest = rest << 1 | dividend >> 63;
    dividend <<= 1;
    quotient <<= 1;
    if (rest >= divisor) {
      rest -= divisor;
      quotient |= 1;
    }
  }
  *remainder = rest;
  return quotient;
}

__attribute__((naked)) void __aeabi_uldivmod(void) {
  __asm__ volatile(
      "push {r4, lr}\n\t"
      "sub sp, sp, #16\n\t"
      "add r4, sp, #8\n\t"
      "str r4, [sp]\n\t"
      "bl board_divide\n\t"
      "ldrd r2, r3, [sp, #8]\n\t"
      "add sp, sp, #16\n\t"
      "pop {r4, pc}");
}

// Double precision: the arguments and results in core registers (the soft-float calling
// convention Embedded Swift compiles to), the arithmetic on the FPU (-mfpu=fpv5-d16).
double __aeabi_dmul(double a, double b) { return a * b; }
double __aeabi_ddiv(double a, double b) { return a / b; }
double __aeabi_i2d(int a) { return a; }
double __aeabi_ui2d(unsigned int a) { return a; }
int __aeabi_d2iz(double a) { return (int)a; }
int __aeabi_dcmpeq(double a, double b) { return a == b; }
int __aeabi_dcmplt(double a, double b) { return a < b; }
int __aeabi_dcmpgt(double a, double b) { return a > b; }
int __aeabi_dcmpun(double a, double b) { return a != a || b != b; }
double ceil(double a) { return __builtin_ceil(a); }
