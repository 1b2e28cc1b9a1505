// swift-tools-version: 6.2
import PackageDescription

/// Every module of the binary is checked for memory safety: an unsafe construct not marked `unsafe`
/// where it is used is a compile error. Marks belong in BeaconSystem; `scripts/check-unsafe` lists
/// the few files elsewhere.
let memorySafe: [SwiftSetting] = [
    .strictMemorySafety(), .treatWarning("StrictMemorySafety", as: .error),
]

let package = Package(
    name: "BeaconSitegen",
    // Linux only (Sources/BeaconModel/Support/LinuxOnly.swift says why); no Apple platform is
    // declared.
    products: [
        .executable(name: "sitegen", targets: ["SiteGen"])
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            path: "Sources/CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        // Calls into libcurl, which the HTTP client opens with dlopen when a build first fetches
        // (BeaconSystem/Libcurl.swift).
        .systemLibrary(name: "CLibcurlCalls", path: "Sources/CLibcurlCalls"),
        // Calls into libvips, which the photo pipeline opens with dlopen when a guide has photos
        // (BeaconSystem/Vips.swift).
        .systemLibrary(name: "CVipsCalls", path: "Sources/CVipsCalls"),
        // libcmark's header, for the calls into libcmark, which the owner's text opens with dlopen
        // when it first renders Markdown (BeaconSystem/Libcmark.swift).
        .systemLibrary(
            name: "CCmarkCalls", path: "Sources/CCmarkCalls",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]),
        // zlib: a KMZ's deflated entries for `sitegen import` and the built-in files, inflated
        // (BeaconSystem/Inflate.swift); the EmbedTool deflates those files when it compiles them
        // in.
        .systemLibrary(
            name: "CZlib", path: "Sources/CZlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // String and path operations FoundationEssentials lacks (no ICU in the binary), on scalars
        // and bytes.
        .target(name: "BeaconText", swiftSettings: memorySafe),
        // The one module with unsafe code (system calls, mappings, C libraries, raw bytes), behind
        // safe APIs.
        .target(
            name: "BeaconSystem",
            dependencies: [
                "BeaconText", "CCmarkCalls", "CLibcurlCalls", "CLibXML2", "CVipsCalls", "CZlib",
            ],
            swiftSettings: memorySafe),
        // The trust boundary: the only target that can mark markup as safe (libxml2 parses, in
        // BeaconSystem).
        .target(
            name: "BeaconHTML", dependencies: ["BeaconSystem", "BeaconText"],
            swiftSettings: memorySafe),
        // The assets, sample data and starter site compiled into the binary
        // (Plugins/EmbedBuiltInFiles).
        .executableTarget(name: "EmbedTool", dependencies: ["CZlib"]),
        .plugin(name: "EmbedBuiltInFiles", capability: .buildTool(), dependencies: ["EmbedTool"]),
        .target(
            name: "BuiltInFiles", dependencies: ["BeaconSystem"], swiftSettings: memorySafe,
            plugins: ["EmbedBuiltInFiles"]),
        // The domain and the owner's files: places, categories, languages, time, opening hours, the
        // site folder with its settings and store.
        .target(
            name: "BeaconModel",
            dependencies: ["BeaconHTML", "BeaconText", "BeaconSystem", "BuiltInFiles"],
            swiftSettings: memorySafe),
        // The basemap: OpenStreetMap data (the built-in extract, Overpass) made into vector tiles.
        .target(
            name: "BeaconMap", dependencies: ["BeaconModel", "BeaconText", "BeaconSystem"],
            swiftSettings: memorySafe),
        // Where places come from: Geoapify (places, geocoding, tiles), places files, import.
        .target(
            name: "BeaconSources",
            dependencies: ["BeaconModel", "BeaconMap", "BeaconHTML", "BeaconText", "BeaconSystem"],
            swiftSettings: memorySafe),
        // The guide assembled from places and the owner's edits, its photos, queries over it, and
        // its output.
        .target(
            name: "BeaconSite",
            dependencies: ["BeaconModel", "BeaconHTML", "BeaconText", "BeaconSystem"],
            swiftSettings: memorySafe),
        .target(
            name: "Templates",
            dependencies: [
                "BeaconModel", "BeaconMap", "BeaconSite", "BeaconHTML", "BeaconText",
                "BeaconSystem",
            ],
            swiftSettings: memorySafe),
        // A build: places read, the guide assembled, pages rendered and written, the basemap and
        // photos made.
        .target(
            name: "SiteBuild",
            dependencies: [
                "BeaconModel", "BeaconMap", "BeaconSources", "BeaconSite", "BeaconHTML",
                "BeaconText", "BeaconSystem",
                "Templates", "BuiltInFiles",
            ],
            swiftSettings: memorySafe),
        // The commands, the preview server and the command-line reference (help, man page,
        // completions).
        .target(
            name: "SiteGenKit",
            dependencies: [
                "SiteBuild",
                "BeaconModel", "BeaconMap", "BeaconSources", "BeaconSite", "BeaconHTML",
                "BeaconText", "BeaconSystem",
                "Templates", "BuiltInFiles",
            ],
            swiftSettings: memorySafe),
        // The Swift runtime's link options export every symbol (for a backtracer this binary never
        // ships with); not exporting them keeps 4,000 names of ours, about 350 kB, out of the
        // binary.
        .executableTarget(
            name: "SiteGen", dependencies: ["SiteGenKit"], swiftSettings: memorySafe,
            linkerSettings: [.unsafeFlags(["-Xlinker", "--no-export-dynamic"])]),
        // Seeded random generators the tests share (a failure prints the seed that replays it).
        .target(name: "BeaconTestSupport", path: "Tests/BeaconTestSupport"),
        .testTarget(
            name: "BeaconTextTests",
            dependencies: ["BeaconText", "BeaconSystem", "BeaconTestSupport"]),
        .testTarget(
            name: "BeaconHTMLTests",
            dependencies: ["BeaconHTML", "BeaconSystem", "CLibXML2", "BeaconTestSupport"]),
        .testTarget(
            name: "BeaconCoreTests",
            dependencies: [
                "BeaconModel", "BeaconMap", "BeaconSources", "BeaconSite", "BeaconHTML",
                "BeaconSystem", "BuiltInFiles", "Templates",
                "BeaconTestSupport",
            ]),
        // The golden pages are read from the source tree by path, not bundled.
        .testTarget(
            name: "TemplatesTests",
            dependencies: [
                "Templates", "BeaconModel", "BeaconMap", "BeaconSources", "BeaconSite",
                "BeaconHTML", "BeaconSystem",
            ],
            exclude: ["Golden"]),
        .testTarget(
            name: "SiteGenKitTests",
            dependencies: [
                "BeaconTestSupport", "SiteGenKit", "SiteBuild", "SiteGen", "BeaconModel",
                "BeaconMap", "BeaconSources", "BeaconSite",
                "BeaconHTML", "BeaconSystem", "Templates",
                "CLibXML2",
                "BuiltInFiles",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
