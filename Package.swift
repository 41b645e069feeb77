// swift-tools-version:6.0
import PackageDescription

// Dependencies point one way:
//   logoc (CLI) → LogocDriver → LogocFrontend → LogocFonts, LogocCore
// C libraries are reached only through the small system-library targets.
let package = Package(
    name: "logoc",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "logoc", targets: ["logoc"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),

        .target(name: "LogocCore"),
        .target(name: "LogocFonts", dependencies: ["CFontconfig"]),
        .target(name: "LogocFrontend", dependencies: ["LogocCore", "LogocFonts", "CYAML"]),
        .target(name: "LogocDriver", dependencies: ["LogocCore", "LogocFrontend"]),
        .executableTarget(
            name: "logoc",
            dependencies: [
                "LogocDriver", "LogocCore", "LogocFrontend",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .testTarget(name: "LogocCoreTests", dependencies: ["LogocCore"]),
        .testTarget(name: "LogocFrontendTests", dependencies: ["LogocFrontend", "LogocCore"]),
        .testTarget(name: "LogocDriverTests", dependencies: ["LogocDriver", "LogocFrontend", "LogocCore"]),
    ],
    swiftLanguageModes: [.v6]
)
