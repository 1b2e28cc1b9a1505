// sitegen is built and tested on Linux only: the site writer swaps the new
// output in with renameat2(RENAME_EXCHANGE), the build identifies its own
// binary through /proc/self/exe, and builds lock with flock on a folder.
// Rather than compile on another system and behave differently there:
#if !os(Linux)
    #error("sitegen supports Linux only (renameat2, /proc/self/exe, flock on folders).")
#endif
