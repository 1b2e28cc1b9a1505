import Foundation
import PackagePlugin

/// Compiles the files a site needs into the `sitegen` binary, so the single
/// binary works on its own (`cp sitegen ~/bin && sitegen init guide`): the
/// site's assets, sample data and the sample's basemap data from `Resources/`, the repository's own
/// guide as the `init --sample` starter, Leaflet from Debian's packages when
/// they are installed on the build machine, and the commit being built.
@main
struct EmbedBuiltInFiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        var inputs: [(name: String, url: URL)] = []
        for (folder, prefix) in [
            ("Resources/assets", "assets/"), ("Resources/sample-data", "sample-data/"),
            ("Resources/basemap", "basemap/"), ("Resources/time-zones", "time-zones/"),
        ] {
            let url = root.appending(path: folder)
            // Files, and those of folders one level down (`assets/icons/`).
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            // The basemap's folder holds its licence beside the data; only the data is compiled in.
            for name in names.sorted() where !name.hasPrefix(".") && !name.hasSuffix(".md") {
                let entry = url.appending(path: name)
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: entry.path, isDirectory: &isFolder),
                    isFolder.boolValue
                {
                    let inner =
                        (try? FileManager.default.contentsOfDirectory(atPath: entry.path)) ?? []
                    for file in inner.sorted() where !file.hasPrefix(".") {
                        inputs.append((prefix + name + "/" + file, entry.appending(path: file)))
                    }
                } else {
                    inputs.append((prefix + name, entry))
                }
            }
        }
        for name in ["beacon-settings.json", "beacon-store.json"] {
            inputs.append(("sample-site/" + name, root.appending(path: name)))
        }
        // Debian's Leaflet (libjs-leaflet, libjs-leaflet.markercluster), when installed.
        let leaflet = URL(filePath: "/usr/share/javascript/leaflet")
        for name in [
            "leaflet.min.js", "leaflet.css", "leaflet.markercluster.min.js", "MarkerCluster.css",
        ] {
            let url = leaflet.appending(path: name)
            if FileManager.default.fileExists(atPath: url.path) {
                inputs.append(("leaflet/" + name, url))
            }
        }
        let gitFiles = GitFiles(packageRoot: root)
        let output = context.pluginWorkDirectoryURL.appending(path: "BuiltInFiles+Contents.swift")
        var arguments = [output.path, "--git-dir", gitFiles.gitDirectory?.path ?? ""]
        for input in inputs { arguments += [input.name, input.url.path] }
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) built-in files into sitegen",
                executable: try context.tool(named: "EmbedTool").url,
                arguments: arguments,
                inputFiles: inputs.map(\.url) + gitFiles.watched,
                outputFiles: [output]
            )
        ]
    }
}

/// The files that say which commit is checked out, so a new commit re-embeds it.
struct GitFiles {
    var gitDirectory: URL?
    var watched: [URL] = []

    init(packageRoot: URL) {
        let dotGit = packageRoot.appending(path: ".git")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isDirectory) else {
            return
        }
        if isDirectory.boolValue {
            gitDirectory = dotGit
        } else if let text = try? String(contentsOf: dotGit, encoding: .utf8),
            text.hasPrefix("gitdir:")
        {
            // A worktree: ".git" is a file naming the real folder.
            let path = text.dropFirst("gitdir:".count).trimmingCharacters(
                in: .whitespacesAndNewlines)
            gitDirectory =
                path.hasPrefix("/") ? URL(filePath: path) : packageRoot.appending(path: path)
        }
        guard let gitDirectory else { return }
        let head = gitDirectory.appending(path: "HEAD")
        watched.append(head)
        if let text = try? String(contentsOf: head, encoding: .utf8), text.hasPrefix("ref:") {
            let ref = text.dropFirst(4).trimmingCharacters(in: .whitespacesAndNewlines)
            var common = gitDirectory
            if let shared = try? String(
                contentsOf: gitDirectory.appending(path: "commondir"), encoding: .utf8)
            {
                let path = shared.trimmingCharacters(in: .whitespacesAndNewlines)
                common =
                    path.hasPrefix("/") ? URL(filePath: path) : gitDirectory.appending(path: path)
            }
            for url in [
                gitDirectory.appending(path: ref), common.appending(path: ref),
                common.appending(path: "packed-refs"),
            ]
            where FileManager.default.fileExists(atPath: url.path) {
                watched.append(url)
            }
        }
    }
}
