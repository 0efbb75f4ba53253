// The start-up of the firmware on QEMU's mps2-an500 (a Cortex-M7), with no SDK: the vector table,
// the reset handler (copies .data, zeroes .bss, turns on the floating-point unit, starts the
// timer, runs the Swift code, exits with its status), a handler that ends the run on a fault, the
// board's timer, and semihosting (text to the host's standard output, and the exit status), the
// debugger interface QEMU answers when run with -semihosting-config enable=on,target=native.
#include "Board.h"

extern unsigned int __data_load[], __data_start[], __data_end[], __bss_start[], __bss_end[];
extern unsigned int __stack_top[];

int firmware_main(void);
void board_flush(void);

// Semihosting: an operation number in r0, its argument block's address in r1, the result in r0.
static int semihost(int operation, void *arguments) {
  register int r0 __asm__("r0") = operation;
  register void *r1 __asm__("r1") = arguments;
  __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
  return r0;
}

enum { SYS_OPEN = 0x01, SYS_WRITE = 0x05, SYS_EXIT_EXTENDED = 0x20 };
enum { ADP_STOPPED_APPLICATION_EXIT = 0x20026 };

static int console = -1;

/// Writes bytes to the host's standard output (":tt" opened for writing).
void board_write(const char *bytes, unsigned int count) {
  if (console < 0) {
    unsigned int open[3] = {(unsigned int)":tt", 4, 3};
    console = semihost(SYS_OPEN, open);
  }
  unsigned int write[3] = {(unsigned int)console, (unsigned int)bytes, count};
  semihost(SYS_WRITE, write);
}

/// Ends the emulation; QEMU exits with `status`.
__attribute__((noreturn)) static void board_exit(int status) {
  board_flush();
  unsigned int block[2] = {ADP_STOPPED_APPLICATION_EXIT, (unsigned int)status};
  for (;;) semihost(SYS_EXIT_EXTENDED, block);
}

// The CMSDK timer 0 of the MPS2 board, clocked at 25 MHz: a 32-bit down counter.
#define TIMER0_CTRL (*(volatile unsigned int *)0x40000000u)
#define TIMER0_VALUE (*(volatile unsigned int *)0x40000004u)
#define TIMER0_RELOAD (*(volatile unsigned int *)0x40000008u)

unsigned int board_ticks(void) { return ~TIMER0_VALUE; }

unsigned int board_calibrate(unsigned int iterations) {
  unsigned int start = board_ticks();
  __asm__ volatile("1: subs %0, %0, #1\n\tbne 1b" : "+r"(iterations) : : "cc");
  return board_ticks() - start;
}

// The Cortex-M7's coprocessor access control register: CP10 and CP11 are the FPU.
#define SCB_CPACR (*(volatile unsigned int *)0xE000ED88u)

__attribute__((noreturn)) void board_reset(void) {
  for (unsigned int *from = __data_load, *to = __data_start; to < __data_end;) *to++ = *from++;
  for (unsigned int *to = __bss_start; to < __bss_end;) *to++ = 0;
  // Runtime.c's double-precision helpers use the FPU.
  SCB_CPACR |= 0xFu << 20;
  __asm__ volatile("dsb\n\tisb" ::: "memory");
  TIMER0_RELOAD = 0xFFFFFFFFu;
  TIMER0_VALUE = 0xFFFFFFFFu;
  TIMER0_CTRL = 1;
  board_exit(firmware_main());
}

/// A fault or an unexpected interrupt: say so and end the run.
__attribute__((noreturn)) static void board_fault(void) {
  static const char message[] = "firmware: fault or unexpected interrupt\n";
  board_write(message, sizeof message - 1);
  board_exit(3);
}

// Initial stack pointer, reset, then NMI, hard fault, memory management, bus and usage faults,
// four reserved words, SVCall, debug monitor, reserved, PendSV and SysTick.
__attribute__((section(".vectors"), used)) static void (*const vectors[16])(void) = {
  (void (*)(void))__stack_top, board_reset, board_fault, board_fault, board_fault, board_fault,
  board_fault, 0, 0, 0, 0, board_fault, board_fault, 0, board_fault, board_fault,
};
