import Foundation

@testable import BeaconModel
@testable import BeaconSources
@testable import BeaconSystem

/// The Geoapify stand-in (`Tests/Support/geoapify_stub.py`) running on a free
/// loopback port for one test; stopped when the value goes away.
final class GeoapifyStub {
    let process = Process()
    /// Held open while the stub should live: the server exits when it closes.
    let input = Pipe()
    let folder: String
    let port: Int
    let host: String
    var baseURL: String { "http://\(host):\(port)" }

    struct Response {
        var status = 200
        var headers: [String: String] = [:]
        var delay: Double = 0
        var file: String?
        var body: String?
        var truncate: Int?
        var repeatCount: Int?
        var stream = false
        /// The drawn map tile, with this text in its tEXt, zTXt and iTXt chunks when given.
        var pngText: String?

        static func tile(withText text: String) -> Response { Response(pngText: text) }

        static func sample(_ category: String) -> Response {
            Response(file: Repository.root + "/Resources/sample-data/\(category).json")
        }
        static func error(_ status: Int, _ message: String, headers: [String: String] = [:])
            -> Response
        {
            Response(
                status: status, headers: headers,
                body: #"{"statusCode":\#(status),"error":"Error","message":"\#(message)"}"#)
        }
    }

    struct LoggedRequest {
        var path: String
        /// The address's query, and a POST's form fields.
        var query: [String: String]
        var headers: [String: String]
        var method = "GET"
    }

    /// `routes` by `categories` value ("catering.cafe") or "geocode"; unlisted categories get their
    /// sample data. `host`: the loopback address to listen on (127.0.0.2 is another host as far as
    /// a client can tell).
    init(routes: [String: [Response]] = [:], host: String = "127.0.0.1") throws {
        self.host = host
        folder = NSTemporaryDirectory() + "geoapify-stub-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var all = routes
        for (key, category) in [
            ("catering.restaurant", "restaurant"), ("catering.cafe", "cafe"),
            ("accommodation.hotel", "hotel"),
        ] where all[key] == nil {
            all[key] = [.sample(category)]
        }
        if all["overpass"] == nil {
            all["overpass"] = [Response(file: Repository.fixtures + "/overpass-oslo-centre.json")]
        }
        if all["overpass-places"] == nil {
            all["overpass-places"] = [
                Response(file: Repository.fixtures + "/overpass-places-edinburgh.json")
            ]
        }
        func encode(_ response: Response) -> [String: Any] {
            var object: [String: Any] = [
                "status": response.status, "headers": response.headers, "delay": response.delay,
            ]
            if let file = response.file { object["file"] = file }
            if let body = response.body { object["body"] = body }
            if let truncate = response.truncate { object["truncate"] = truncate }
            if let repeatCount = response.repeatCount { object["repeat"] = repeatCount }
            if response.stream { object["stream"] = true }
            if let text = response.pngText {
                object["png"] = true
                object["text"] = text
            }
            return object
        }
        let scenario: [String: Any] = ["routes": all.mapValues { $0.map(encode) }]
        try JSONSerialization.data(withJSONObject: scenario).write(
            to: URL(fileURLWithPath: folder + "/scenario.json"))
        _ = FileManager.default.createFile(atPath: folder + "/log.jsonl", contents: nil)

        // Debian's python3 directly (a pyenv shim would leave the server running after
        // terminate()).
        let python =
            FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
            ? "/usr/bin/python3" : "/usr/bin/env"
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments =
            (python == "/usr/bin/env" ? ["python3"] : []) + [
                Repository.root + "/Tests/Support/geoapify_stub.py", folder + "/scenario.json",
                folder + "/log.jsonl",
                host,
            ]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        var line = Data()
        while true {
            let chunk = output.fileHandleForReading.readData(ofLength: 1)
            if chunk.isEmpty || chunk == Data("\n".utf8) { break }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw StubError.didNotStart
        }
        self.port = port
    }

    enum StubError: Error { case didNotStart }

    deinit {
        try? input.fileHandleForWriting.close()
        process.terminate()
        ProcessWaiting.waitForExit(process)
        try? FileManager.default.removeItem(atPath: folder)
    }

    var requests: [LoggedRequest] {
        let text = (try? String(contentsOfFile: folder + "/log.jsonl", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard
                let object = try? JSONSerialization.jsonObject(with: Data(line.utf8))
                    as? [String: Any]
            else {
                return nil
            }
            return LoggedRequest(
                path: object["path"] as? String ?? "",
                query: object["query"] as? [String: String] ?? [:],
                headers: object["headers"] as? [String: String] ?? [:],
                method: object["method"] as? String ?? "GET")
        }
    }

    func requests(for category: String) -> [LoggedRequest] {
        requests.filter { $0.query["categories"] == category }
    }

    /// Retries bounded by their number, not by time: on a machine busy enough that each answer
    /// takes seconds (CI runs the browser tests beside these), a time budget would end them first
    /// and the tests would measure the machine.
    func client(
        key: String = "test-key-0123456789", timeout: TimeInterval = 5,
        retry: RetryPolicy = RetryPolicy(
            maximumAttempts: 4, baseDelay: 0.05, maximumDelay: 0.2, maximumTotal: 3_600)
    ) -> GeoapifyClient {
        var client = GeoapifyClient(
            apiKey: key, baseURL: URL(string: baseURL)!, retryPolicy: retry, timeout: timeout)
        client.retryPolicy = retry
        return client
    }
}
