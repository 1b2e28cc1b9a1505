import FoundationEssentials
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

    /// The output's digest when open pages were last told of it (`BuildRecord.tree`).
    private let shownTree = Mutex<String?>(nil)

    /// Open pages reload.
    func publish() { generation.add(1, ordering: .releasing) }

    /// Records the output's digest after a build; true when it differs from the last one recorded,
    /// also when another process (a second `serve --watch`, a `sitegen build`) changed the output.
    func outputChanged(to tree: String?) -> Bool {
        shownTree.withLock { shown in
            defer { shown = tree }
            return shown != nil && tree != shown
        }
    }

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
        // Served by «sitegen serve --watch» instead of the site's worker: no offline copy while
        // editing.
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
            for offset in 1..<marker.count where page[index + offset] != marker[offset] {
                continue search
            }
            return Array(page[..<index]) + tag + Array(page[index...])
        }
        return page + tag
    }
}
