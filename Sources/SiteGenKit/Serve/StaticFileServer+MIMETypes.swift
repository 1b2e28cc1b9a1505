import BeaconText

extension StaticFileServer {
    static let mimeTypes: [String: String] = [
        "html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "json": "application/json", "geojson": "application/geo+json", "gpx": "application/gpx+xml",
        "kml": "application/vnd.google-earth.kml+xml", "svg": "image/svg+xml", "png": "image/png",
        "ico": "image/x-icon",
        "xml": "application/xml", "txt": "text/plain; charset=utf-8",
        "webmanifest": "application/manifest+json",
    ]

    static func mimeType(for path: String) -> String {
        mimeTypes[PathText.pathExtension(path).lowercased()] ?? "application/octet-stream"
    }
}
