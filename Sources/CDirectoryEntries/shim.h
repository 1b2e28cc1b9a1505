// glibc's getdents64 (since 2.30): a folder's entries read straight from its descriptor, without a DIR
// stream's own fstat and fcntl calls. <dirent.h> declares it only with _GNU_SOURCE, which the Glibc
// module that Swift imports was built without, so it is declared here.
#include <sys/types.h>
ssize_t getdents64(int fd, void *buffer, size_t length);
