import Glibc

/// What the process can learn of itself from the C library.
package enum ProcessFacts {
    /// The environment as the process got it, read from `environ`. A name given twice has its first
    /// value, as `getenv` gives it.
    package static func environment() -> [String: String] {
        var environment: [String: String] = [:]
        var entry = unsafe environ
        while let pointer = unsafe entry.pointee {
            let text = unsafe String(cString: pointer)
            if let equals = text.firstIndex(of: "="), environment[String(text[..<equals])] == nil {
                environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            unsafe entry += 1
        }
        return environment
    }

    /// The most memory the process has held (`getrusage`'s peak resident size), in MiB; nil if
    /// unknown.
    package static func peakMemoryMiB() -> Int? {
        var usage = rusage()
        guard unsafe getrusage(RUSAGE_SELF.rawValue, &usage) == 0, usage.ru_maxrss > 0 else {
            return nil
        }
        return usage.ru_maxrss / 1024
    }
}

extension FileSystem {
    /// The C library's text for an error number (`strerror`), for messages that pass it on.
    package static func systemMessage(_ code: Int32) -> String {
        unsafe String(cString: strerror(code))
    }
}
