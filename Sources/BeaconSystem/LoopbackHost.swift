import Glibc

/// Whether a URL's host is this machine: a literal address in 127.0.0.0/8, `::1`, or `localhost`,
/// written exactly so. Only these may be spoken to over plain http with the API key, and without
/// Geoapify's pacing (a test server). A name that merely starts with "127." (`127.attacker.test`,
/// `127.0.0.1.nip.io`) is a name some resolver answers for, not this machine; so is `localhost.`
/// with its trailing dot, an absolute name that libcurl hands to the resolver (only the bare
/// `localhost` it answers itself).
package enum LoopbackHost {
    package static func contains(_ host: String) -> Bool {
        var name = host.lowercased()
        if name == "localhost" { return true }
        var v4 = in_addr()
        // inet_pton takes the four-part dotted decimal form only (no "127.1", no hex, no trailing
        // text).
        if unsafe inet_pton(AF_INET, name, &v4) == 1 {
            return UInt32(bigEndian: v4.s_addr) >> 24 == 127
        }
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        var v6 = in6_addr()
        guard unsafe inet_pton(AF_INET6, name, &v6) == 1 else { return false }
        return unsafe withUnsafeBytes(of: &v6) { bytes in
            unsafe (bytes.prefix(15).allSatisfy { $0 == 0 } && bytes[15] == 1)
        }
    }
}
