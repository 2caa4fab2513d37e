#ifndef MEMORYD_CLIBFUZZER_H
#define MEMORYD_CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

// libFuzzer's entry point for a program that has its own main(): it parses libFuzzer's flags
// from argv and calls `callback` with each input. `-sanitize=fuzzer` links its definition.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
