internal import CLibcurlCalls
import FoundationEssentials
import Glibc

/// libcurl, opened with dlopen the first time a request is made, not linked:
/// linked, it and the 30 libraries it needs were loaded by every command
/// (a rating's rebuild included) at every start, for the few builds that fetch.
// C function pointers into a library that stays loaded
@safe package struct Libcurl: @unchecked Sendable {
    typealias Handle = UnsafeMutableRawPointer

    /// libcurl's option and info numbers (its stable ABI: `curl.h` is not needed to build).
    enum Option: Int32 {
        case writeData = 10001
        case url = 10002
        case writeFunction = 20011
        case userAgent = 10018
        case httpHeader = 10023
        case headerData = 10029
        case headerFunction = 20079
        case noProgress = 43
        case followLocation = 52
        case noSignal = 99
        case acceptEncoding = 10102
        case maximumFileSize = 30117
        case xferInfoData = 10057
        case xferInfoFunction = 20219
        case timeoutMilliseconds = 155
        case connectTimeoutMilliseconds = 156
        case protocols = 181
        case postFieldSize = 60
        case copyPostFields = 10165
    }

    enum Info: Int32 {
        case responseCode = 0x200002
        case redirectURL = 0x10001F
    }

    /// The result codes a transfer's outcome is told by.
    enum Code: Int32 {
        case ok = 0
        case unsupportedProtocol = 1
        case couldNotResolveProxy = 5
        case couldNotResolveHost = 6
        case couldNotConnect = 7
        case timedOut = 28
        case tlsConnectError = 35
        case abortedByCallback = 42
        case gotNothing = 52
        case sendError = 55
        case receiveError = 56
        case peerFailedVerification = 60
        case fileSizeExceeded = 63
    }

    let setopt: UnsafeMutableRawPointer
    let getinfo: UnsafeMutableRawPointer
    let easyInit: @convention(c) () -> Handle?
    let easyReset: @convention(c) (Handle?) -> Void
    let easyPerform: @convention(c) (Handle?) -> Int32
    let easyCleanup: @convention(c) (Handle?) -> Void
    let easyStrerror: @convention(c) (Int32) -> UnsafePointer<CChar>?
    package let slistAppend:
        @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> UnsafeMutableRawPointer?
    let slistFreeAll: @convention(c) (UnsafeMutableRawPointer?) -> Void

    /// Loaded once per process (a Swift global is initialised once, thread-safely);
    /// `curl_global_init` runs here.
    package static let shared: Result<Libcurl, TransportError> = load()

    static let missingDetail =
        "libcurl (libcurl.so.4) finnes ikke på maskinen; installer pakken libcurl4"
    static let missing = TransportError.unavailable(missingDetail)

    private static func load() -> Result<Libcurl, TransportError> {
        for name in ["libcurl.so.4", "libcurl-gnutls.so.4"] {
            guard let library = unsafe dlopen(name, RTLD_NOW | RTLD_LOCAL) else { continue }
            func symbol<Function>(_ name: String, _ type: Function.Type) -> Function? {
                unsafe dlsym(library, name).map { unsafe unsafeBitCast($0, to: Function.self) }
            }
            guard let globalInit = symbol("curl_global_init", (@convention(c) (Int) -> Int32).self),
                let setopt = unsafe dlsym(library, "curl_easy_setopt"),
                let getinfo = unsafe dlsym(library, "curl_easy_getinfo"),
                let easyInit = unsafe symbol("curl_easy_init", (@convention(c) () -> Handle?).self),
                let easyReset = unsafe symbol(
                    "curl_easy_reset", (@convention(c) (Handle?) -> Void).self),
                let easyPerform = unsafe symbol(
                    "curl_easy_perform", (@convention(c) (Handle?) -> Int32).self),
                let easyCleanup = unsafe symbol(
                    "curl_easy_cleanup", (@convention(c) (Handle?) -> Void).self),
                let easyStrerror = unsafe symbol(
                    "curl_easy_strerror", (@convention(c) (Int32) -> UnsafePointer<CChar>?).self),
                let slistAppend = unsafe symbol(
                    "curl_slist_append",
                    (@convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) ->
                        UnsafeMutableRawPointer?).self),
                let slistFreeAll = unsafe symbol(
                    "curl_slist_free_all", (@convention(c) (UnsafeMutableRawPointer?) -> Void).self)
            else {
                unsafe dlclose(library)
                continue
            }
            // CURL_GLOBAL_ALL; not thread-safe, so here, once, before any handle exists.
            guard globalInit(3) == Code.ok.rawValue else {
                return .failure(.unavailable("libcurl kunne ikke starte"))
            }
            return unsafe .success(
                Libcurl(
                    setopt: setopt, getinfo: getinfo, easyInit: easyInit, easyReset: easyReset,
                    easyPerform: easyPerform,
                    easyCleanup: easyCleanup, easyStrerror: easyStrerror, slistAppend: slistAppend,
                    slistFreeAll: slistFreeAll))
        }
        return .failure(missing)
    }

    @discardableResult
    func set(_ handle: Handle, _ option: Option, _ value: Int) -> Int32 {
        unsafe beacon_curl_setopt_long(setopt, handle, option.rawValue, value)
    }

    @discardableResult
    func set(_ handle: Handle, _ option: Option, pointer value: UnsafeRawPointer?) -> Int32 {
        unsafe beacon_curl_setopt_pointer(setopt, handle, option.rawValue, value)
    }

    @discardableResult
    func set(_ handle: Handle, _ option: Option, offset value: Int64) -> Int32 {
        unsafe beacon_curl_setopt_offset(setopt, handle, option.rawValue, value)
    }

    /// A string option: libcurl copies it (since 7.17), so the pointer need live only for the call.
    @discardableResult
    func set(_ handle: Handle, _ option: Option, string value: String) -> Int32 {
        unsafe value.withCString {
            unsafe beacon_curl_setopt_pointer(setopt, handle, option.rawValue, $0)
        }
    }

    func integer(_ handle: Handle, _ info: Info) -> Int? {
        var value = 0
        return unsafe beacon_curl_getinfo_long(getinfo, handle, info.rawValue, &value)
            == Code.ok.rawValue ? value : nil
    }

    func string(_ handle: Handle, _ info: Info) -> String? {
        var value: UnsafePointer<CChar>?
        guard
            unsafe beacon_curl_getinfo_string(getinfo, handle, info.rawValue, &value)
                == Code.ok.rawValue,
            let value = unsafe value
        else {
            return nil
        }
        return unsafe String(cString: value)
    }

    func describe(_ code: Int32) -> String {
        unsafe easyStrerror(code).map { unsafe String(cString: $0) } ?? "libcurl-feil \(code)"
    }
}
