// swift-tools-version:6.0
import PackageDescription

// Dependencies point one way:
//   logoc (CLI) → LogocDriver → LogocRender → LogocRenderTree, LogocImageIO, LogocFonts
//                             → LogocFrontend → LogocRenderTree, LogocFonts, LogocCore, LogocImageIO
// The renderer never sees YAML; the front end never sees Cairo.
// C libraries are reached only through the small system-library targets,
// except libavif, opened on first use (LogocImageIO/AVIFLibrary.swift: its
// AV1 codecs would cost every process's start-up); SHA-256 comes from
// swift-crypto (BoringSSL, linked statically).

// Release builds of logoc's own modules leave out the run-time checks of
// exclusive access (debug builds and the tests keep them): every read of a
// class's or a global's stored property called into the runtime, about
// 1.5 % of a `check`'s instructions (docs/performance.md).
let releaseSettings: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

let package = Package(
    name: "logoc",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "logoc", targets: ["logoc"]),
        // `logoc serve` execs this from beside `logoc` (docs/serving.md): the
        // server's packages stay out of the binary every `logoc check` starts.
        .executable(name: "logoc-serve", targets: ["logoc-serve"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // `logoc serve` (docs/serving.md): HTTP on SwiftNIO, logs, metrics, graceful shutdown.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPango", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng16", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CLCMS2", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        // Headers only: libavif is opened on first use (LogocImageIO/AVIFLibrary.swift).
        .systemLibrary(name: "CAVIF", providers: [.apt(["libavif-dev"])]),

        .target(name: "LogocCore", swiftSettings: releaseSettings),
        .target(name: "LogocFonts", dependencies: ["LogocCore", "CFontconfig", "CFreeType"], swiftSettings: releaseSettings),
        .target(name: "LogocRenderTree", dependencies: ["LogocCore"], swiftSettings: releaseSettings),
        .target(name: "LogocImageIO", dependencies: ["LogocCore", "CDeflate", "CTurboJPEG", "CPNG", "CLCMS2", "CWebP", "CAVIF"], exclude: ["README.md"], swiftSettings: releaseSettings),
        .target(name: "LogocFrontend", dependencies: ["LogocCore", "LogocFonts", "LogocRenderTree", "LogocImageIO", "CYAML"], swiftSettings: releaseSettings),
        .target(name: "LogocRender", dependencies: ["LogocCore", "LogocRenderTree", "LogocImageIO", "LogocFonts", "CCairo", "CPango", "CFontconfig"], swiftSettings: releaseSettings),
        .target(name: "LogocDriver", dependencies: [
            "LogocCore", "LogocFrontend", "LogocRender", "LogocRenderTree", "LogocImageIO", "CDeflate",
            .product(name: "Crypto", package: "swift-crypto"),
        ], swiftSettings: releaseSettings),
        .executableTarget(
            name: "logoc",
            dependencies: [
                "LogocDriver", "LogocCore", "LogocFrontend", "LogocRender",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: releaseSettings
        ),

        // `logoc serve`: the HTTP server (docs/serving.md), its own executable.
        .target(name: "LogocServer", dependencies: [
            "LogocDriver", "LogocFrontend", "LogocCore", "LogocRender",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Metrics", package: "swift-metrics"),
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),
        .executableTarget(
            name: "logoc-serve",
            dependencies: ["LogocServer", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .testTarget(name: "LogocServerTests", dependencies: ["LogocServer", "LogocDriver", "LogocFrontend", "LogocCore", "LoopbackFixtures"]),

        // Builders of test photos (EXIF, ICC, gAMA), shared by the test targets.
        .target(name: "PhotoFixtures", dependencies: ["LogocImageIO", "CTurboJPEG", "CLCMS2", "CDeflate"], path: "Tests/PhotoFixtures"),
        // Free loopback ports and a plain GET, for the tests that start servers.
        .target(name: "LoopbackFixtures", path: "Tests/LoopbackFixtures"),
        .testTarget(name: "LogocCoreTests", dependencies: ["LogocCore"]),
        .testTarget(name: "LogocFrontendTests", dependencies: ["LogocFrontend", "LogocCore", "LogocImageIO", "PhotoFixtures"]),
        .testTarget(name: "LogocDriverTests", dependencies: ["LogocDriver", "LogocFrontend", "LogocCore", "LogocImageIO", "LogocRender", "PhotoFixtures",
                                                             "LoopbackFixtures"]),
        .testTarget(name: "LogocImageIOTests", dependencies: ["LogocImageIO", "LogocCore", "PhotoFixtures", "CWebP", "CAVIF", "CTurboJPEG"],
                    linkerSettings: [.linkedLibrary("avif")]),
        .testTarget(name: "LogocRenderTests", dependencies: ["LogocRender", "LogocRenderTree", "LogocCore", "LogocImageIO"]),
    ],
    swiftLanguageModes: [.v6]
)

// The benchmark's floor (bench/floor, docs/performance.md): a program of its
// own, not linked into logoc, and only when LOGOC_BENCH is set, so neither
// `make release` nor `swift build` spends time on it. `make bench` builds it:
// `LOGOC_BENCH=1 swift build -c release --product logoc-bench-floor`. It
// draws with LogocRender's `package` API (font session, canvas, text ink).
if Context.environment["LOGOC_BENCH"] != nil {
    package.targets.append(.executableTarget(
        name: "logoc-bench-floor",
        dependencies: [
            "LogocRender", "LogocRenderTree", "LogocImageIO", "LogocFonts", "LogocCore", "CCairo", "CPango",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ],
        path: "bench/floor"
    ))
    package.products.append(.executable(name: "logoc-bench-floor", targets: ["logoc-bench-floor"]))
    // The render pool's scaling without HTTP (bench/render): template
    // avatars drawn by 1 and by N threads in one process, issue 20.
    package.targets.append(.executableTarget(
        name: "logoc-bench-render",
        dependencies: [
            "LogocDriver", "LogocFrontend", "LogocRender", "LogocFonts", "LogocCore",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ],
        path: "bench/render"
    ))
    package.products.append(.executable(name: "logoc-bench-render", targets: ["logoc-bench-render"]))
}

// libFuzzer targets (docs/hardening.md), only when LOGOC_FUZZ is set: each
// defines `LLVMFuzzerTestOneInput` and no `main`, so it links only with
// `-sanitize=fuzzer`; a normal `swift build` must never see them. `make fuzz`
// builds them with LOGOC_FUZZ=1 into their own scratch path, .build-fuzz.
if Context.environment["LOGOC_FUZZ"] != nil {
    let fuzzTargets: [(String, [Target.Dependency])] = [
        ("fuzz-spec", ["LogocFrontend", "LogocRender", "LogocRenderTree", "LogocImageIO", "LogocCore"]),
        ("fuzz-image", ["LogocImageIO"]),
        ("fuzz-font", ["LogocFonts", "LogocFrontend", "LogocRender", "LogocCore"]),
        ("fuzz-extends", ["LogocFrontend", "LogocDriver", "LogocCore"]),
        ("fuzz-cache", ["LogocDriver", "LogocFrontend", "LogocCore"]),
    ]
    package.targets.append(.target(name: "FuzzSupport", dependencies: ["LogocCore"], path: "Fuzz/FuzzSupport"))
    for (name, dependencies) in fuzzTargets {
        package.targets.append(.executableTarget(
            name: name, dependencies: dependencies + ["FuzzSupport"], path: "Fuzz/\(name)",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ))
        package.products.append(.executable(name: name, targets: [name]))
    }
}
