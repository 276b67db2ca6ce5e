/* Internal: tables built on first use, safely from any number of threads.
 *
 * Every table or global the library builds lazily is built through CHCI_ONCE, and nothing
 * else: a plain flag (`if (!ready) { build(); ready = 1; }`) is a data race, since two threads
 * may both build, and a thread may see the flag set before it sees the table. At file scope:
 *
 *     static int table[64];
 *     static void build_table(void) { ... fills table ... }
 *     CHCI_ONCE(table_ready, build_table);
 *
 * defines `static void table_ready(void)`: call it before reading the table. The first call
 * builds it; every other call, concurrent or later, returns when the build is complete, with
 * its writes visible (pthread_once). tests/unit/engine/test_engine_threads.c runs every
 * first-use path from several threads at once under ThreadSanitizer (make test-tsan). */
#ifndef CHC_COMMON_ONCE_H
#define CHC_COMMON_ONCE_H
#include <pthread.h>
#include <stdlib.h>

#define CHCI_ONCE(name, build)                                                                 \
    static pthread_once_t name##_once_ = PTHREAD_ONCE_INIT;                                    \
    static void name(void)                                                                     \
    {                                                                                          \
        if (pthread_once(&name##_once_, build) != 0) abort();                                  \
    }                                                                                          \
    _Static_assert(1, "CHCI_ONCE(" #name ") needs a semicolon")
#endif
