// glibc's heap tuning (mallopt), which Swift's Glibc module does not import.
#include <malloc.h>
