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

// Rounding half away from zero, as Double.rounded() asks for it (WebAssembly's f64.nearest
// rounds half to even). `x - trunc(x)` is exact.
double round(double x) {
  double whole = __builtin_trunc(x);
  if (__builtin_fabs(x - whole) >= 0.5) whole += x > 0 ? 1.0 : -1.0;
  return whole;
}

// A 128-bit product's low 128 bits, which the compiler calls for `multipliedFullWidth` and
// Double's printing; written with 64-bit products so that it calls nothing itself.
__int128 __multi3(__int128 a, __int128 b) {
  uint64_t al = (uint64_t)a, ah = (uint64_t)((unsigned __int128)a >> 64);
  uint64_t bl = (uint64_t)b, bh = (uint64_t)((unsigned __int128)b >> 64);
  uint64_t a0 = al & 0xffffffffu, a1 = al >> 32, b0 = bl & 0xffffffffu, b1 = bl >> 32;
  uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  uint64_t middle = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
  uint64_t low = (p00 & 0xffffffffu) | (middle << 32);
  uint64_t high = p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32) + al * bh + ah * bl;
  return (__int128)(((unsigned __int128)high << 64) | low);
}

// Double(String): Swift's parser passes the text as a C string and takes the number when the
// returned pointer is the string's end. It reads what Double(String) reads on the host (C's
// strtod in the "C" locale, `snan` too, no leading space; out of range is infinity or zero):
// decimal and hexadecimal numbers, infinity and NaN, correctly rounded (to nearest, ties to
// even): decimal numbers of up to 15 digits and powers of ten up to 22 by one exact double
// operation, the rest with big integers.

#define WORDS 160
#define DIGITS 800

typedef struct {
  int count;  // words in use, the most significant nonzero
  uint32_t word[WORDS];
} big;

static void big_small(big *n, uint32_t factor, uint32_t add) {
  uint64_t carry = add;
  for (int i = 0; i < n->count; i++) {
    uint64_t product = (uint64_t)n->word[i] * factor + carry;
    n->word[i] = (uint32_t)product;
    carry = product >> 32;
  }
  if (carry && n->count < WORDS) n->word[n->count++] = (uint32_t)carry;
}

static void big_power_of_ten(big *n, int exponent) {
  for (; exponent >= 9; exponent -= 9) big_small(n, 1000000000u, 0);
  static const uint32_t small[9] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000,
                                    100000000};
  if (exponent > 0) big_small(n, small[exponent], 0);
}

static int big_bits(const big *n) {
  if (n->count == 0) return 0;
  return (n->count - 1) * 32 + (32 - __builtin_clz(n->word[n->count - 1]));
}

static void big_shifted(big *out, const big *n, int shift) {
  int words = shift / 32, bits = shift % 32;
  for (int i = 0; i < WORDS; i++) out->word[i] = 0;
  for (int i = 0; i < n->count && i + words < WORDS; i++) {
    out->word[i + words] |= n->word[i] << bits;
    if (bits && i + words + 1 < WORDS) out->word[i + words + 1] |= n->word[i] >> (32 - bits);
  }
  out->count = n->count + words + 1 < WORDS ? n->count + words + 1 : WORDS;
  while (out->count > 0 && out->word[out->count - 1] == 0) out->count--;
}

static int big_compare(const big *a, const big *b) {
  if (a->count != b->count) return a->count < b->count ? -1 : 1;
  for (int i = a->count - 1; i >= 0; i--) {
    if (a->word[i] != b->word[i]) return a->word[i] < b->word[i] ? -1 : 1;
  }
  return 0;
}

static void big_subtract(big *a, const big *b) {  // a >= b
  int64_t borrow = 0;
  for (int i = 0; i < a->count; i++) {
    int64_t difference = (int64_t)a->word[i] - (i < b->count ? b->word[i] : 0) - borrow;
    borrow = difference < 0;
    a->word[i] = (uint32_t)(difference + (borrow ? ((int64_t)1 << 32) : 0));
  }
  while (a->count > 0 && a->word[a->count - 1] == 0) a->count--;
}

// (m + a fraction, nonzero when `sticky`) * 2^exponent, m nonzero, as a double's bits; 0 when
// it rounds to zero, and 0x7ff0000000000000 (infinity) when it overflows.
static uint64_t rounded(uint64_t m, int exponent, int sticky) {
  while (!(m >> 63)) {
    m <<= 1;
    exponent -= 1;
  }
  int lead = 63 + exponent;  // the leading bit's power of two
  int keep = lead >= -1022 ? 53 : lead + 1075;
  if (keep < 0) return 0;
  int drop = 64 - keep;  // from 11 to 64
  uint64_t half = (uint64_t)1 << (drop - 1);
  uint64_t mantissa = drop == 64 ? 0 : m >> drop;
  uint64_t rest = drop == 64 ? m : m & ((half << 1) - 1);
  if (rest > half || (rest == half && (sticky || (mantissa & 1)))) mantissa += 1;
  if (lead < -1022) return mantissa;  // subnormal, or the least normal after a carry
  if (mantissa >> 53) {
    mantissa >>= 1;
    lead += 1;
  }
  if (lead > 1023) return 0x7ff0000000000000u;
  return ((uint64_t)(lead + 1023) << 52) | (mantissa & (((uint64_t)1 << 52) - 1));
}

static int lower(char c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

static int starts(const char *text, const char *word) {  // ignoring case
  for (; *word; text++, word++) {
    if (lower(*text) != *word) return 0;
  }
  return 1;
}

static int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (lower(c) >= 'a' && lower(c) <= 'f') return lower(c) - 'a' + 10;
  return -1;
}

static double from_bits(uint64_t bits) {
  double value;
  __builtin_memcpy(&value, &bits, sizeof value);
  return value;
}

// The exponent after `e` or `p` at `*text`, clamped far past any double's; `*text` moves past
// it only when it has a digit.
static int exponent_at(const char **text) {
  const char *p = *text + 1;
  int negative = *p == '-';
  if (*p == '+' || *p == '-') p++;
  if (*p < '0' || *p > '9') return 0;
  int value = 0;
  for (; *p >= '0' && *p <= '9'; p++) {
    if (value < 100000) value = value * 10 + (*p - '0');
  }
  *text = p;
  return negative ? -value : value;
}

static const char *hexadecimal(const char *p, uint64_t *bits) {
  uint64_t m = 0;
  int exponent = 0, digits = 0, sticky = 0, seen = 0, point = 0;
  for (;; p++) {
    if (*p == '.' && !point) {
      point = 1;
      continue;
    }
    int digit = hex_digit(*p);
    if (digit < 0) break;
    seen = 1;
    if (digits < 16) {
      if (m || digit) digits++;
      m = m * 16 + (uint64_t)digit;
      if (point) exponent -= 4;
    } else {
      sticky |= digit != 0;
      if (!point) exponent += 4;
    }
  }
  if (!seen) return NULL;
  if (lower(*p) == 'p') exponent += exponent_at(&p);
  *bits = m ? rounded(m, exponent, sticky) : 0;
  return p;
}

static const char *decimal(const char *p, uint64_t *bits) {
  static char kept[DIGITS + 1];
  int count = 0, exponent = 0, seen = 0, point = 0;
  kept[DIGITS] = 0;
  for (;; p++) {
    if (*p == '.' && !point) {
      point = 1;
      continue;
    }
    if (*p < '0' || *p > '9') break;
    seen = 1;
    if (count == 0 && *p == '0') {
      if (point) exponent -= 1;
    } else if (count < DIGITS) {
      kept[count++] = (char)(*p - '0');
      if (point) exponent -= 1;
    } else {
      // Past 800 digits only whether any is nonzero matters: a last digit 1 says so.
      if (*p != '0') kept[DIGITS] = 1;
      if (!point) exponent += 1;
    }
  }
  if (!seen) return NULL;
  if (lower(*p) == 'e') exponent += exponent_at(&p);
  if (count == 0) {
    *bits = 0;
    return p;
  }
  if (count == DIGITS && kept[DIGITS]) {
    count += 1;
    exponent -= 1;
  }
  if (count + exponent > 311) {
    *bits = 0x7ff0000000000000u;
    return p;
  }
  if (count + exponent < -326) {
    *bits = 0;
    return p;
  }
  if (count <= 15 && exponent >= -22 && exponent <= 22) {
    double value = 0;
    for (int i = 0; i < count; i++) value = value * 10 + kept[i];
    double scale = 1;
    for (int i = 0; i < (exponent < 0 ? -exponent : exponent); i++) scale *= 10;
    value = exponent < 0 ? value / scale : value * scale;
    __builtin_memcpy(bits, &value, sizeof value);
    return p;
  }
  static big n, divisor, remainder, shifted;
  n.count = 0;
  for (int i = 0; i < count; i++) big_small(&n, 10, (uint32_t)kept[i]);
  if (exponent >= 0) {
    big_power_of_ten(&n, exponent);
    int length = big_bits(&n), shift = length > 64 ? length - 64 : 0, sticky = 0;
    uint64_t m = 0;
    for (int bit = length - 1; bit >= 0; bit--) {
      uint32_t value = (n.word[bit / 32] >> (bit % 32)) & 1;
      if (bit >= shift) {
        m = m << 1 | value;
      } else {
        sticky |= value;
      }
    }
    *bits = rounded(m, shift, sticky);
    return p;
  }
  // n / 10^-exponent: a quotient of 63 or 64 bits by long division, the remainder sticky.
  divisor.count = 1;
  divisor.word[0] = 1;
  big_power_of_ten(&divisor, -exponent);
  int shift = 63 + big_bits(&divisor) - big_bits(&n);
  if (shift >= 0) {
    big_shifted(&remainder, &n, shift);
  } else {
    remainder = n;
    big_shifted(&shifted, &divisor, -shift);
    divisor = shifted;
  }
  uint64_t q = 0;
  for (int bit = 63; bit >= 0; bit--) {
    big_shifted(&shifted, &divisor, bit);
    if (big_compare(&remainder, &shifted) >= 0) {
      big_subtract(&remainder, &shifted);
      q |= (uint64_t)1 << bit;
    }
  }
  *bits = rounded(q, -shift, remainder.count != 0);
  return p;
}

const char *_swift_stdlib_strtod_clocale(const char *text, double *result) {
  const char *p = text;
  int negative = *p == '-';
  if (*p == '+' || *p == '-') p++;
  uint64_t sign = negative ? (uint64_t)1 << 63 : 0;
  *result = 0;
  if (starts(p, "snan") && p[4] == 0) {
    *result = from_bits(sign | 0x7ff4000000000000u);
    return p + 4;
  }
  if (starts(p, "inf")) {
    *result = from_bits(sign | 0x7ff0000000000000u);
    return p + (starts(p, "infinity") ? 8 : 3);
  }
  if (starts(p, "nan")) {
    *result = from_bits(sign | 0x7ff8000000000000u);
    const char *end = p + 3;
    if (*end == '(') {
      const char *q = end + 1;
      while ((*q >= '0' && *q <= '9') || (lower(*q) >= 'a' && lower(*q) <= 'z') || *q == '_') q++;
      if (*q == ')') end = q + 1;
    }
    return end;
  }
  uint64_t bits = 0;
  const char *end = NULL;
  if (p[0] == '0' && lower(p[1]) == 'x') {
    end = hexadecimal(p + 2, &bits);
    if (!end) end = p + 1;  // "0x" and no digit: the number 0, then "x"
  } else {
    end = decimal(p, &bits);
    if (!end) return text;
  }
  *result = from_bits(sign | bits);
  return end;
}
