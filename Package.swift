// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "BeaconSitegen",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "sitegen", targets: ["SiteGen"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            path: "Sources/CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .target(name: "BeaconCore", dependencies: ["CLibXML2"]),
        .target(name: "Templates", dependencies: ["BeaconCore"]),
        .target(name: "SiteGenKit", dependencies: ["BeaconCore", "Templates"]),
        .executableTarget(name: "SiteGen", dependencies: ["SiteGenKit"]),
        .testTarget(name: "BeaconCoreTests", dependencies: ["BeaconCore", "CLibXML2"]),
        .testTarget(name: "TemplatesTests", dependencies: ["Templates", "BeaconCore"]),
        .testTarget(name: "SiteGenKitTests", dependencies: ["SiteGenKit", "SiteGen", "BeaconCore", "Templates", "CLibXML2"]),
    ],
    swiftLanguageModes: [.v6]
)
