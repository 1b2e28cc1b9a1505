// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "BeaconSitegen",
    // Linux only (Sources/BeaconCore/Support/LinuxOnly.swift says why); no Apple platform is declared.
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
        // glibc's malloc.h (mallopt): the one-shot build tunes the heap (SiteGenKit/Support/OneShotMemory.swift).
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        // glibc's getdents64: the output's digest lists a folder in two calls (BeaconCore/Output/OutputTreeDigest.swift).
        .systemLibrary(name: "CDirectoryEntries", path: "Sources/CDirectoryEntries"),
        // Calls into libcurl, which the HTTP client opens with dlopen when a build first fetches (BeaconCore/Geoapify/Libcurl.swift).
        .systemLibrary(name: "CLibcurlCalls", path: "Sources/CLibcurlCalls"),
        // Calls into libvips, which the photo pipeline opens with dlopen when a guide has photos (BeaconCore/Photos/Vips.swift).
        .systemLibrary(name: "CVipsCalls", path: "Sources/CVipsCalls"),
        // zlib: a KMZ's deflated entries for `sitegen import` and the built-in files, inflated (BeaconCore/Support/Inflate.swift);
        // the EmbedTool deflates those files when it compiles them in.
        .systemLibrary(
            name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // The trust boundary: the only target that can mark markup as safe, and the only one that sees libxml2.
        // String and path operations FoundationEssentials lacks (no ICU in the binary), on scalars and bytes.
        .target(name: "BeaconText"),
        .target(name: "BeaconHTML", dependencies: ["CLibXML2", "BeaconText"]),
        .target(
            name: "BeaconCore",
            dependencies: ["BeaconHTML", "BeaconText", "CDirectoryEntries", "CLibcurlCalls", "CVipsCalls", "CZlib"]),
        // The assets, sample data and starter site compiled into the binary (Plugins/EmbedBuiltInFiles).
        .executableTarget(name: "EmbedTool", dependencies: ["CZlib"]),
        .plugin(name: "EmbedBuiltInFiles", capability: .buildTool(), dependencies: ["EmbedTool"]),
        .target(name: "BuiltInFiles", dependencies: ["BeaconCore"], plugins: ["EmbedBuiltInFiles"]),
        .target(name: "Templates", dependencies: ["BeaconCore", "BeaconHTML", "BeaconText"]),
        .target(
            name: "SiteGenKit",
            dependencies: ["BeaconCore", "BeaconHTML", "BeaconText", "Templates", "BuiltInFiles", "CMalloc"]),
        .executableTarget(name: "SiteGen", dependencies: ["SiteGenKit"]),
        // Seeded random generators the tests share (a failure prints the seed that replays it).
        .target(name: "BeaconTestSupport", path: "Tests/BeaconTestSupport"),
        .testTarget(name: "BeaconTextTests", dependencies: ["BeaconText", "BeaconTestSupport"]),
        .testTarget(name: "BeaconHTMLTests", dependencies: ["BeaconHTML", "CLibXML2", "BeaconTestSupport"]),
        .testTarget(name: "BeaconCoreTests", dependencies: ["BeaconCore", "BeaconHTML", "BeaconTestSupport"]),
        // The golden pages are read from the source tree by path, not bundled.
        .testTarget(
            name: "TemplatesTests", dependencies: ["Templates", "BeaconCore", "BeaconHTML"], exclude: ["Golden"]),
        .testTarget(
            name: "SiteGenKitTests",
            dependencies: [
                "BeaconTestSupport", "SiteGenKit", "SiteGen", "BeaconCore", "BeaconHTML", "Templates", "CLibXML2",
                "BuiltInFiles",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
