import CMalloc

/// glibc's heap set up for a process that builds once and exits: it grows
/// in large steps and keeps what is freed, instead of asking the kernel for
/// memory (and having it zeroed) again for every big buffer. A one-rating
/// rebuild at 10,000 places spends a tenth less time; `sitegen serve`, which
/// lives on, keeps glibc's defaults.
enum OneShotMemory {
    static func configure() {
        _ = mallopt(M_TOP_PAD, 64 << 20)
        _ = mallopt(M_MMAP_THRESHOLD, 32 << 20)  // glibc's largest on 64-bit
        _ = mallopt(M_TRIM_THRESHOLD, 256 << 20)
    }
}
