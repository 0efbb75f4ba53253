// What the firmware's Swift code takes from the board (Startup.c): the free-running timer it
// counts with, the calibration of that count, and the text output and exit of semihosting
// (print reaches the host through putchar, in Runtime.c).
#ifndef FIRMWARE_BOARD_H
#define FIRMWARE_BOARD_H

/// Ticks of the board's 25 MHz timer since start-up (a 32-bit count that wraps).
unsigned int board_ticks(void);

/// Runs a loop of exactly `iterations` * 2 instructions and returns the timer ticks it took.
unsigned int board_calibrate(unsigned int iterations);

#endif
