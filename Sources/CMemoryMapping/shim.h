#ifndef STREAMLAB_CMEMORYMAPPING_SHIM_H
#define STREAMLAB_CMEMORYMAPPING_SHIM_H

// Linux's mremap, which grows a mapping by moving page tables rather than
// copying bytes: the timeline columns of a long run grow with it
// (StreamCore's EventColumns.swift). mremap is variadic (a fifth argument,
// the new address, is read only with MREMAP_FIXED), which Swift cannot
// call, and glibc declares it only under _GNU_SOURCE; this wrapper fixes
// the argument list. Elsewhere it is absent and the columns use malloc.
#if defined(__linux__)
#include <stddef.h>

extern void *mremap(void *old_address, size_t old_size, size_t new_size, int flags, ...);

/// The mapping at `old_address` resized to `new_size`, moved if it must be;
/// `(void *)-1` (MAP_FAILED) when the kernel refuses.
static inline void *streamlab_mremap_maymove(void *old_address, size_t old_size, size_t new_size) {
  return mremap(old_address, old_size, new_size, 1 /* MREMAP_MAYMOVE */);
}
#endif

#endif
