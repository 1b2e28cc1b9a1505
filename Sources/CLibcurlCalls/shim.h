// Calls into libcurl through function pointers that Swift found with dlsym: sitegen loads libcurl
// only when a build fetches (linked at start, it and its 30 libraries cost every command ~5 ms).
// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call; these fixed-type
// trampolines make the variadic call in C. No curl header is needed: the option numbers are
// libcurl's stable ABI and live in Swift (BeaconSystem/Libcurl.swift).
#include <stdint.h>

typedef int (*beacon_curl_variadic)(void *handle, int option, ...);

static inline int beacon_curl_setopt_long(void *function, void *handle, int option, long value) {
    return ((beacon_curl_variadic)function)(handle, option, value);
}

static inline int beacon_curl_setopt_pointer(void *function, void *handle, int option, const void *value) {
    return ((beacon_curl_variadic)function)(handle, option, value);
}

static inline int beacon_curl_setopt_offset(void *function, void *handle, int option, int64_t value) {
    return ((beacon_curl_variadic)function)(handle, option, value);
}

static inline int beacon_curl_getinfo_long(void *function, void *handle, int info, long *value) {
    return ((beacon_curl_variadic)function)(handle, info, value);
}

static inline int beacon_curl_getinfo_string(void *function, void *handle, int info, const char **value) {
    return ((beacon_curl_variadic)function)(handle, info, value);
}
