import BeaconModel
import BeaconSystem
import BeaconText
import Glibc
import Templates

/// One request on a worker's thread: its file, a redirect, the live-reload script or the 404 page,
/// and the response written to the client.
extension StaticFileServer {
    func handle(_ client: Int32, head fullHead: [UInt8]) {
        guard let end = StaticFileServer.headEnd(fullHead), end <= StaticFileServer.maximumHeadBytes
        else {
            return respond(
                client, status: 431, reason: "Request Header Fields Too Large", method: "GET")
        }
        switch StaticFileServer.parse(Array(fullHead[..<end])) {
        case .failure(let status):
            // The line as it came (the console shows control characters escaped).
            let line = String(
                decoding: fullHead.prefix(while: { $0 != 13 && $0 != 10 }).prefix(200),
                as: UTF8.self)
            log("\(line) \(status.code)")
            respond(client, status: status.code, reason: status.reason, method: "GET")
        case .success(let (method, target)):
            serve(client, method: method, target: target)
        }
    }

    /// The relative path a target names, or nil for a target that tries to
    /// leave the root or is malformed.
    static func relativePath(for target: String) -> String? {
        var path = target
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            path = String(path[..<cut])
        }
        guard let decoded = URLPath.decoded(path) else { return nil }
        if decoded.containsBytes("\0") || decoded.containsBytes("\\") { return nil }
        var segments: [Substring] = []
        for segment in decoded.split(separator: "/", omittingEmptySubsequences: true) {
            if segment == ".." { return nil }
            if segment == "." { continue }
            segments.append(segment)
        }
        return segments.joined(separator: "/")
    }

    func serve(_ client: Int32, method: String, target: String) {
        guard let relative = StaticFileServer.relativePath(for: target) else {
            log("\(method) \(target) 403")
            return respond(client, status: 403, reason: "Forbidden", method: method)
        }
        if configuration.liveReload != nil {
            switch relative {
            case LiveReload.scriptPath:
                log("\(method) \(target) 200")
                return respond(
                    client, status: 200, reason: "OK", method: method,
                    contentType: StaticFileServer.mimeTypes["js"]!,
                    body: Array(LiveReload.script.utf8))
            // a GET went to the event streams (`EventStreams`); this is a HEAD
            case LiveReload.eventsPath:
                log("\(method) \(target) 200")
                return respond(
                    client, status: 200, reason: "OK", method: method,
                    contentType: "text/event-stream")
            case OfflineFiles.serviceWorkerPath:
                log("\(method) \(target) 200")
                return respond(
                    client, status: 200, reason: "OK", method: method,
                    contentType: StaticFileServer.mimeTypes["js"]!,
                    body: Array(LiveReload.serviceWorker.utf8))
            default: break
            }
        }
        var path = relative.isEmpty ? rootRealPath : rootRealPath + "/" + relative
        if FileSystem.isDirectory(path) {
            let bare = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
            if !bare.hasSuffix("/") {
                log("\(method) \(target) 301")
                return respond(
                    client, status: 301, reason: "Moved Permanently", method: method,
                    extraHeaders: ["Location": StaticFileServer.folderLocation(relative)])
            }
            path += "/index.html"
        }
        // Symlinks may not lead outside the root.
        guard let resolved = FileSystem.realPath(path) else {
            return notFound(client, method: method, target: target)
        }
        guard resolved.hasPrefix(rootRealPath + "/"), !FileSystem.isDirectory(resolved) else {
            log("\(method) \(target) 403")
            return respond(client, status: 403, reason: "Forbidden", method: method)
        }
        // Streamed, not read whole: an export of 100,000 places is bigger than any read limit.
        let file = FileSystem.openDescriptor(
            resolved, flags: O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW)
        guard file >= 0 else { return notFound(client, method: method, target: target) }
        defer { close(file) }
        guard let info = FileSystem.status(descriptor: file), info.isRegularFile else {
            return notFound(client, method: method, target: target)
        }
        if configuration.liveReload != nil, resolved.hasSuffix(".html") {
            guard let page = try? FileSystem.read(resolved, limit: 1 << 31) else {
                return notFound(client, method: method, target: target)
            }
            log("\(method) \(target) 200")
            return respond(
                client, status: 200, reason: "OK", method: method,
                contentType: StaticFileServer.mimeTypes["html"]!,
                body: LiveReload.inject(into: page))
        }
        log("\(method) \(target) 200")
        sendHead(
            client, status: 200, reason: "OK",
            contentType: StaticFileServer.mimeType(for: resolved),
            length: Int(info.size))
        guard method != "HEAD" else { return }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var remaining = Int(info.size)
        while remaining > 0 {
            let n = DescriptorIO.read(file, into: &buffer, limit: remaining)
            if n < 0 && errno == EINTR { continue }
            guard n > 0, sendAll(client, buffer[0..<n]) else { return }
            remaining -= n
        }
    }

    /// The address of a folder on this server: one leading slash (`//host/`
    /// would send the browser to another host), each segment percent-encoded
    /// (no CR, LF or space can reach the header), a trailing slash.
    static func folderLocation(_ relative: String) -> String {
        "/" + relative.split(separator: "/").map { URLPath.encoded(String($0)) + "/" }.joined()
    }

    func notFound(_ client: Int32, method: String, target: String) {
        log("\(method) \(target) 404")
        var page = notFoundPage(for: target)
        if configuration.liveReload != nil { page = page.map(LiveReload.inject(into:)) }
        respond(
            client, status: 404, reason: "Not Found", method: method,
            contentType: "text/html; charset=utf-8",
            body: page
                ?? Array(
                    "<!DOCTYPE html><html lang=\"nb\"><title>Fant ikke siden</title><h1>Fant ikke siden</h1></html>"
                        .utf8))
    }

    /// The 404 page of the language whose folder the path is in ("/nn/…" → `nn/404.html`), else the
    /// site's.
    func notFoundPage(for target: String) -> [UInt8]? {
        let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
        if let folder = path.split(separator: "/").first.map(String.init),
            let language = Language(rawValue: folder),
            let page =
                (try? FileSystem.readIfExists(rootRealPath + "/" + language.rawValue + "/404.html"))
                ?? nil
        {
            return page
        }
        return (try? FileSystem.readIfExists(rootRealPath + "/404.html")) ?? nil
    }

    func respond(
        _ client: Int32, status: Int, reason: String, method: String,
        contentType: String = "text/plain; charset=utf-8",
        body: [UInt8]? = nil, extraHeaders: [String: String] = [:]
    ) {
        let payload = body ?? Array("\(status) \(reason)\n".utf8)
        guard
            sendHead(
                client, status: status, reason: reason, contentType: contentType,
                length: payload.count,
                extraHeaders: extraHeaders),
            method != "HEAD"
        else { return }
        _ = sendAll(client, payload[...])
    }

    @discardableResult
    func sendHead(
        _ client: Int32, status: Int, reason: String, contentType: String, length: Int?,
        extraHeaders: [String: String] = [:]
    ) -> Bool {
        var head = "HTTP/1.1 \(status) \(reason)\r\nContent-Type: \(contentType)\r\n"
        if let length { head += "Content-Length: \(length)\r\n" }
        head +=
            "Cache-Control: no-cache\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n"
        if status == 405 { head += "Allow: GET, HEAD\r\n" }
        for (name, value) in extraHeaders.sorted(by: { $0.key < $1.key }) {
            head += "\(name): \(value)\r\n"
        }
        head += "\r\n"
        return sendAll(client, Array(head.utf8)[...])
    }

    /// False when the client went away (or stalled past the send timeout).
    func sendAll(_ client: Int32, _ bytes: ArraySlice<UInt8>) -> Bool {
        DescriptorIO.writeAll(client, bytes, by: .send(flags: Int32(MSG_NOSIGNAL)))
    }
}
