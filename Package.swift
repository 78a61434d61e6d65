// swift-tools-version:6.1

import PackageDescription

/// SwiftImport, Lessons and StreamLab are compiled file by file in release
/// builds, not as one whole module: they come one after another at the end
/// of the first `scripts/start` build, where one whole-module job keeps a
/// single core busy, and file by file both cores work. Measured on the
/// 2-core machine: the first build 10 s shorter (198 s to 188 s), grading 200
/// submissions and `lesson verify` no slower (docs/benchmarks.md, "Start-up"). The hot
/// modules (StreamCore, StreamLang, Marbles) stay whole-module.
let fileByFileInRelease: [SwiftSetting] = [
  .unsafeFlags(["-no-whole-module-optimization"], .when(configuration: .release))
]

let package = Package(
  name: "streamlab",
  products: [
    .executable(name: "streamlab", targets: ["streamlab"]),
    // `streamlab serve`'s web server, a separate executable so `streamlab`
    // itself links no networking (libcurl) and starts fast; `streamlab serve`
    // runs it from the same folder.
    .executable(name: "streamlab-serve", targets: ["streamlab-serve"]),
    .executable(name: "streamlab-bench", targets: ["streamlab-bench"]),
    // libFuzzer targets over the whole path; `scripts/fuzz` builds it with
    // `-sanitize=fuzzer,address`. A normal build gives a replay tool.
    .executable(name: "streamlab-fuzz", targets: ["streamlab-fuzz"]),
  ],
  dependencies: [
    .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // `streamlab serve`'s HTTP server: Hummingbird 2 on SwiftNIO, whose HTTP/1
    // parser and timeouts a classroom server needs (README, "The browser
    // playground"). Only streamlab-serve links it, so `scripts/start` never
    // builds it. No traits: swift-configuration and full Foundation are not used.
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
    // What HummingbirdCore is built on, named for the channel handlers that add
    // the limits it leaves to the application (Sources/StreamLabServer/HTTP/).
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
    .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.0"),
    .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.16.0"),
  ],
  targets: [
    // libedit's header (histedit.h, from libedit-dev); the shim loads the
    // library itself with dlopen when the REPL first edits a line, so it is
    // not linked and `streamlab eval` does not map it (docs/benchmarks.md, "Start-up").
    // The shim also adds non-variadic wrappers, because Swift cannot call C
    // variadic functions such as el_set.
    .systemLibrary(
      name: "CEditLine",
      providers: [.apt(["libedit-dev"])]
    ),
    // Linux's mremap, wrapped because Swift cannot call a C variadic function:
    // long runs' timeline columns grow with it (StreamCore's EventColumns.swift).
    .systemLibrary(name: "CMemoryMapping"),
    .target(
      name: "StreamCore",
      dependencies: [
        "CMemoryMapping",
        .product(name: "OpenCombine", package: "OpenCombine"),
        .product(name: "HeapModule", package: "swift-collections"),
        .product(name: "DequeModule", package: "swift-collections"),
      ]
    ),
    .target(name: "StreamLang", dependencies: ["StreamCore"]),
    // StreamLang's Swift exporter (`:swift`, `--format swift`), its own module so it compiles beside the
    // modules that need only the language (SwiftImport, Lessons) in the first build.
    .target(name: "StreamLangExport", dependencies: ["StreamLang", "StreamCore"]),
    // Pasted Combine code, read by a parser of its own for the subset and
    // lowered into StreamLang's language (no swift-syntax: see README).
    .target(name: "SwiftImport", dependencies: ["StreamLang", "StreamCore"], swiftSettings: fileByFileInRelease),
    .target(name: "Marbles", dependencies: ["StreamCore"]),
    // The Swift-subset interpreter (issue 29): pasted Swift run on the same engine.
    .target(
      name: "SwiftRun",
      dependencies: [
        "SwiftImport", "StreamLang", "StreamCore", .product(name: "OpenCombine", package: "OpenCombine"),
      ]),
    .target(
      name: "Lessons", dependencies: ["StreamLang", "Marbles"], swiftSettings: fileByFileInRelease),
    .target(
      name: "StreamLab",
      dependencies: ["StreamLang", "StreamLangExport", "Marbles", "Lessons", "SwiftImport", "SwiftRun"],
      swiftSettings: fileByFileInRelease),
    // The browser playground: the JSON API over the interpreter and the page,
    // whose files are compiled into the binary (no Bundle lookup at run time).
    .target(
      name: "StreamLabServer",
      dependencies: [
        "StreamLab", "Lessons", "StreamLang", "Marbles",
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Logging", package: "swift-log"),
      ],
      resources: [
        .embedInCode("Page/index.html"),
        .embedInCode("Page/page.css"),
        .embedInCode("Page/page.js"),
      ]
    ),
    // What both executables share on the command line: exit statuses, version.
    .target(
      name: "StreamlabCommandLine",
      dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")]
    ),
    .executableTarget(
      name: "streamlab",
      dependencies: [
        "StreamLab",
        "Marbles",
        "SwiftImport",
        "StreamlabCommandLine",
        "CEditLine",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      // Start-up, measured (docs/benchmarks.md, "Start-up"): a position-dependent
      // executable has no relative relocations for the loader to apply
      // (48,800 in a PIE), and not exporting every symbol keeps the dynamic
      // symbol table small for the loader's lookups. Together 20% less CPU
      // for `eval 'just 1'`. Release builds on Linux only (`scripts/start`).
      linkerSettings: [
        .unsafeFlags(
          ["-Xclang-linker", "-no-pie", "-Xlinker", "--no-export-dynamic"],
          .when(platforms: [.linux], configuration: .release))
      ]
    ),
    .executableTarget(
      name: "streamlab-serve",
      dependencies: [
        "StreamLab",
        "StreamLabServer",
        "StreamlabCommandLine",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // libFuzzer's driver and byte mutator, declared for the fuzz build only:
    // nothing links against them unless STREAMLAB_LIBFUZZER is defined.
    .systemLibrary(name: "CLibFuzzer"),
    .target(name: "StreamLabFuzzing", dependencies: ["StreamLab", "Lessons", "StreamLang", "Marbles", "StreamCore"]),
    .executableTarget(name: "streamlab-fuzz", dependencies: ["StreamLabFuzzing", "CLibFuzzer"]),
    .executableTarget(
      name: "streamlab-bench",
      dependencies: [
        "StreamCore",
        "StreamLang",
        "SwiftRun",
        "Marbles",
        .product(name: "OpenCombine", package: "OpenCombine"),
      ]
    ),
    .testTarget(name: "StreamCoreTests", dependencies: ["StreamCore"]),
    .testTarget(name: "StreamLangTests", dependencies: ["StreamLang"]),
    .testTarget(name: "SwiftImportTests", dependencies: ["SwiftImport", "StreamLang", "StreamCore"]),
    .testTarget(
      name: "SwiftRunTests", dependencies: ["SwiftRun", "SwiftImport", "StreamLang", "StreamCore", "Marbles"]),
    .testTarget(name: "MarblesTests", dependencies: ["Marbles", "StreamLang"], exclude: ["Golden"]),
    .testTarget(name: "LessonsTests", dependencies: ["Lessons", "StreamLang", "StreamLab"], exclude: ["Fixtures"]),
    .testTarget(name: "StreamLabTests", dependencies: ["StreamLab", "SwiftRun"]),
    .testTarget(
      name: "StreamLabServerTests",
      dependencies: [
        "StreamLabServer", "StreamLab", "Lessons", "StreamCore",
        .product(name: "NIOEmbedded", package: "swift-nio"),
      ]),
    .testTarget(name: "FuzzTests", dependencies: ["StreamLabFuzzing", "StreamLab"], exclude: ["Crashers"]),
    // Depends on streamlab-serve too, so `swift build --build-tests` builds
    // the server that `streamlab serve` runs before these tests do.
    .testTarget(
      name: "EndToEndTests", dependencies: ["streamlab", "streamlab-serve", "StreamLabFuzzing"], exclude: ["Fixtures"]),
    // The pasted-Swift corpus and its oracle: each snippet compiled by swiftc
    // against OpenCombine on a virtual clock, its prints recorded as the truth
    // streamlab is measured against (`scripts/swiftrun-corpus`).
    .testTarget(
      name: "SwiftRunCorpusTests",
      dependencies: ["StreamCore", .product(name: "OpenCombine", package: "OpenCombine")],
      path: "Tests/SwiftRunCorpus",
      exclude: ["Snippets", "Truth", "Events", "TypeProbes", "Types", "README.md"]
    ),
    .testTarget(
      name: "SwiftExportTests",
      dependencies: [
        "StreamLang", "StreamLangExport", "StreamCore", "Lessons", "StreamLab",
        .product(name: "OpenCombine", package: "OpenCombine"),
      ]
    ),
  ],
  swiftLanguageModes: [.v5]
)
