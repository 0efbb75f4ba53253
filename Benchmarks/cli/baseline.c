/* A hand-written C decoder, the speed baseline of `statekit-inspect --json -` on a stream: it
 * reads one mask a line (hex 0x, binary 0b or decimal; trimmed, blank lines skipped) from stdin
 * and prints the same JSON Lines, with stdio's buffering. Inputs are the benchmark's own, so it
 * only handles what they hold (no escaping, no declared names, no error messages). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static const char *names[4] = {"highlighted", "disabled", "selected", "focused"};

static const char *range_of(int bit) {
  return bit < 16 ? "system" : bit < 24 ? "application" : bit < 32 ? "reserved" : "extended";
}

int main(void) {
  static char line[1 << 16];
  while (fgets(line, sizeof line, stdin)) {
    size_t length = strlen(line);
    while (length > 0 && (line[length - 1] == '\n' || line[length - 1] == '\r' ||
                          line[length - 1] == ' ' || line[length - 1] == '\t'))
      line[--length] = 0;
    char *start = line;
    while (*start == ' ' || *start == '\t') start++;
    if (*start == 0) continue;
    uint64_t raw = 0;
    unsigned base = 10;
    const char *digit = start;
    if (start[0] == '0' && (start[1] == 'x' || start[1] == 'X')) base = 16, digit += 2;
    else if (start[0] == '0' && (start[1] == 'b' || start[1] == 'B')) base = 2, digit += 2;
    for (; *digit; digit++) {
      unsigned value = *digit >= '0' && *digit <= '9' ? *digit - '0'
                       : *digit >= 'a' && *digit <= 'f' ? *digit - 'a' + 10
                       : *digit - 'A' + 10;
      raw = raw * base + value;
    }
    printf("{\"input\": \"%s\", \"raw\": %llu, \"hex\": \"0x%0*llX\", \"text\": \"", start,
           (unsigned long long)raw, raw >> 32 ? 16 : 8, (unsigned long long)raw);
    int first = 1;
    uint64_t unnamed = 0;
    for (int bit = 0; bit < 64; bit++) {
      if (!(raw >> bit & 1)) continue;
      if (bit < 4) {
        printf("%s%s", first ? "" : " | ", names[bit]);
        first = 0;
      } else {
        unnamed |= (uint64_t)1 << bit;
      }
    }
    if (unnamed) {
      printf("%s0x%llx", first ? "" : " | ", (unsigned long long)unnamed);
      first = 0;
    }
    if (first) printf("normal");
    printf("\", \"bits\": [");
    first = 1;
    for (int bit = 0; bit < 64; bit++) {
      if (!(raw >> bit & 1)) continue;
      if (bit < 4)
        printf("%s{\"bit\": %d, \"name\": \"%s\", \"range\": \"%s\"}", first ? "" : ", ", bit,
               names[bit], range_of(bit));
      else
        printf("%s{\"bit\": %d, \"name\": null, \"range\": \"%s\"}", first ? "" : ", ", bit,
               range_of(bit));
      first = 0;
    }
    printf("]}\n");
  }
  return 0;
}
