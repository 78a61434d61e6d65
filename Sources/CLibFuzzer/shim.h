// libFuzzer's entry points (compiler-rt's FuzzerInterface.h). They exist only
// in a build linked with -sanitize=fuzzer; streamlab-fuzz calls them under
// `#if STREAMLAB_LIBFUZZER` only, so a normal build never needs them.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t maxSize);
