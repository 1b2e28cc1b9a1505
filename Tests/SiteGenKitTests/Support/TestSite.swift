import Foundation

@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSources
@testable import BeaconSystem

/// Paths of the repository, found from this file's location.
enum Repository {
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(
                atPath: url.appendingPathComponent("Package.swift").path)
            {
                return url.path
            }
        }
        fatalError("Package.swift not found")
    }()

    static var fixtures: String { root + "/Tests/Fixtures" }

    /// The built `sitegen` binary beside the test bundle, or the one `BEACON_TEST_SITEGEN` names
    /// (an older build, to see a new test fail before its fix).
    static var sitegenBinary: String {
        if let given = ProcessInfo.processInfo.environment["BEACON_TEST_SITEGEN"], !given.isEmpty {
            return given
        }
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        // The test bundle may sit inside a .xctest folder.
        while !FileManager.default.fileExists(
            atPath: folder.appendingPathComponent("sitegen").path), folder.path != "/"
        {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("sitegen").path
    }
}

/// A site folder in a temporary directory: default settings and optionally a
/// store. The assets and sample data are the ones built into `sitegen`.
final class TestSite: Sendable {
    let root: String
    var site: SiteFolder { SiteFolder(root: root) }
    var output: String { root + "/output" }
    /// A changed copy of the sample data (`addSampleFeature`), outside the site folder's own files.
    var sampleDataFolder: String { root + "/test-sample-data" }

    /// `parent`: a folder to create the site in (default: the temporary folder).
    init(store: String? = nil, parent: String? = nil) {
        root =
            (parent.map { $0 + "/" } ?? NSTemporaryDirectory()) + "beacon-site-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        if let store { write(store, to: GuideStore.fileName) }
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func write(_ text: String, to name: String) {
        let url = URL(fileURLWithPath: root + "/" + name)
        try! FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! Data(text.utf8).write(to: url)
    }

    func read(_ name: String) -> String? {
        try? String(contentsOfFile: root + "/" + name, encoding: .utf8)
    }

    func bytes(_ name: String) -> [UInt8]? {
        try? FileSystem.readIfExists(root + "/" + name)
    }

    /// Every file under `output/`, relative.
    func outputFiles() -> [String] {
        SiteWriter.listFiles(under: output).sorted()
    }

    /// Adds a place to a copy of the sample data of a category (as the first
    /// feature); builds see it through `sampleSource`.
    func addSampleFeature(_ feature: String, category: String) {
        if !FileManager.default.fileExists(atPath: sampleDataFolder) {
            try! FileManager.default.copyItem(
                atPath: Repository.root + "/Resources/sample-data", toPath: sampleDataFolder)
        }
        let path = "test-sample-data/\(category).json"
        var text = read(path)!
        let marker = "\"features\": ["
        let range = text.range(of: marker)!
        text.replaceSubrange(range, with: marker + feature + ",")
        write(text, to: path)
    }

    /// The changed sample data, or nil (the built-in) when no test changed it.
    var sampleSource: SampleDataSource? {
        guard FileManager.default.fileExists(atPath: sampleDataFolder) else { return nil }
        return SampleDataSource(
            folder: sampleDataFolder, dataDate: Date(timeIntervalSince1970: 1_795_258_800))
    }
}

/// Runs the real `sitegen` binary.
struct ProcessResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum Sitegen {
    /// A child that exits before reading all its input must not kill the
    /// test process with SIGPIPE; the write just fails.
    static let pipeSignalIgnored: Bool = {
        signal(SIGPIPE, SIG_IGN)
        return true
    }()

    /// Runs the binary under GNU time (Debian's `time`, which the test script
    /// installs) and returns its peak resident memory in KiB as well, or nil
    /// for the memory when GNU time is not there.
    static func runMeasuringMemory(_ arguments: [String], environment: [String: String] = [:])
        throws -> (
            ProcessResult, Int?
        )
    {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else {
            return (try run(arguments, environment: environment), nil)
        }
        var result = try run(
            arguments, environment: environment, executable: "/usr/bin/time",
            prefix: ["-f", "peak-kib=%M", Repository.sitegenBinary])
        var lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        while lines.last == "" { lines.removeLast() }
        guard let last = lines.last, last.hasPrefix("peak-kib="),
            let peak = Int(last.dropFirst("peak-kib=".count))
        else { return (result, nil) }
        lines.removeLast()
        result.stderr = lines.joined(separator: "\n")
        // GNU time reports "Command exited with non-zero status N" before its line.
        if let note = lines.last, note.hasPrefix("Command exited with non-zero status") {
            lines.removeLast()
            result.stderr = lines.joined(separator: "\n")
        }
        return (result, peak)
    }

    /// `run` with the basemap the site's settings choose, for the tests of the basemap (`run`
    /// leaves it out).
    static func runWithBasemap(_ arguments: [String], environment: [String: String] = [:]) throws
        -> ProcessResult
    {
        try run(
            arguments,
            environment: environment.merging(["BEACON_BASEMAP": ""]) { given, _ in given })
    }

    static func run(
        _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:],
        stdin: String? = nil,
        executable: String = Repository.sitegenBinary, prefix: [String] = [],
        bareEnvironment: Bool = false
    ) throws -> ProcessResult {
        _ = pipeSignalIgnored
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = prefix + arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        // bareEnvironment: only a PATH, as on a machine that has nothing of ours.
        var env = bareEnvironment ? ["PATH": "/usr/bin:/bin"] : ProcessInfo.processInfo.environment
        env["GEOAPIFY_API_KEY"] = nil
        env["GEOAPIFY_BASE_URL"] = nil
        env["OVERPASS_URL"] = nil
        for (key, value) in environment { env[key] = value }
        // No basemap unless a test asks for one (`"BEACON_BASEMAP": ""` keeps the settings'
        // choice): cutting the sample's tiles takes the unoptimised binary a second and more of
        // CPU, a third of the suite's.
        if env["BEACON_BASEMAP"] == nil { env["BEACON_BASEMAP"] = "none" }
        if env["BEACON_BASEMAP"] == "" { env["BEACON_BASEMAP"] = nil }
        // Never the real Overpass: the Geoapify stand-in answers for it too (route "overpass"), and
        // without one a closed loopback port refuses at once.
        if env["OVERPASS_URL"] == nil {
            env["OVERPASS_URL"] =
                (env["GEOAPIFY_BASE_URL"] ?? "http://127.0.0.1:9") + "/api/interpreter"
        }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { try? input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        // Read before waiting, so a large output cannot fill the pipe and block.
        let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
        let stderrData = err.fileHandleForReading.readDataToEndOfFile()
        ProcessWaiting.waitForExit(process)
        return ProcessResult(
            status: process.terminationStatus,
            stdout: String(decoding: stdoutData, as: UTF8.self),
            stderr: String(decoding: stderrData, as: UTF8.self))
    }
}

/// `Process.waitUntilExit` spins a run loop at full CPU when called off the
/// main thread on Linux (and can hang in async tests); polling is enough here.
enum ProcessWaiting {
    static func waitForExit(_ process: Process, timeout: TimeInterval = 120) {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        while process.isRunning { usleep(5_000) }
    }
}
