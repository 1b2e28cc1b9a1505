import Foundation
import Synchronization

/// `serve --watch` tells open pages to reload after a rebuild. Everything is
/// served by `serve` itself and never written to `output/`: a small script,
/// linked into each HTML page as it is sent (same origin, so the pages'
/// Content-Security-Policy allows it), listens to a Server-Sent Events stream.
/// While watching, `sw.js` is a worker that empties the offline caches and
/// handles no request, or a reload would show the last build's files.
final class LiveReload: Sendable {
    static let scriptPath = "__sitegen/reload.js"
    static let eventsPath = "__sitegen/events"

    /// Counts published rebuilds; the event streams (`EventStreams`) send "reload" when it changes.
    private let generation = Atomic<Int>(0)

    init() {}

    /// Open pages reload.
    func publish() { generation.add(1, ordering: .releasing) }

    var current: Int { generation.load(ordering: .acquiring) }

    static let script = """
    // Served by «sitegen serve --watch» only: reloads the page after each rebuild.
    (function () {
      'use strict';
      var events = new EventSource('/\(eventsPath)');
      events.addEventListener('reload', function () { window.location.reload(); });
    })();

    """

    /// `sw.js` while watching: takes over from the site's worker, empties its
    /// caches and leaves every request to the network.
    static let serviceWorker = """
    // Served by «sitegen serve --watch» instead of the site's worker: no offline copy while editing.
    self.addEventListener('install', () => self.skipWaiting());
    self.addEventListener('activate', (event) => {
      event.waitUntil(caches.keys().then((keys) => Promise.all(keys.map((key) => caches.delete(key))))
        .then(() => self.clients.claim()));
    });

    """

    /// The tag put before `</head>` of every HTML page sent.
    static let tag = Array("<script src=\"/\(scriptPath)\" defer></script>".utf8)

    /// `page` with the script tag before its `</head>` (or at its end).
    static func inject(into page: [UInt8]) -> [UInt8] {
        let marker = Array("</head>".utf8)
        guard page.count >= marker.count else { return page + tag }
        search: for index in 0...(page.count - marker.count) where page[index] == marker[0] {
            for offset in 1..<marker.count where page[index + offset] != marker[offset] { continue search }
            return Array(page[..<index]) + tag + Array(page[index...])
        }
        return page + tag
    }
}
