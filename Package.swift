// swift-tools-version:6.1

import PackageDescription

/// The first `scripts/start` is one release build of `streamlab` on two
/// cores (docs/benchmarks.md, "Start-up"); what each module gets is measured
/// there. Lessons is compiled file by file, so the tail of the build, where
/// it and SwiftRun are left, keeps both cores busy; the hot modules
/// (StreamCore, StreamLang, Marbles, SwiftRun) stay whole-module.
let fileByFileInRelease: [SwiftSetting] = [
  .unsafeFlags(["-no-whole-module-optimization"], .when(configuration: .release))
]

/// SwiftImport (the reader of pasted Swift), StreamLangExport (`:swift`) and
/// StreamLab (the commands and the playground) are not optimized in release
/// builds: what they do per input is small beside the run, which the
/// optimized modules do. Measured: the benchmark's rows, start-up and
/// grading no slower, a 42-line view model pasted 14-24 ms either way, a
/// 2,000-line paste 0.27-0.38 s (0.22 s optimized); the build 18 s shorter.
let unoptimizedInRelease: [SwiftSetting] = [
  .unsafeFlags(["-Onone"], .when(configuration: .release))
]

/// Lessons is optimized for size: 66 to 55 CPU-seconds for it and what waits
/// on it, and grading a class (`streamlab-bench grading`) no slower.
let optimizedForSize: [SwiftSetting] = [
  .unsafeFlags(["-Osize"], .when(configuration: .release))
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
  // The web server's packages (Hummingbird, SwiftNIO and what they use,
  // 23 packages) are named only under the `Server` trait, on by default, so
  // `scripts/start`, which builds `streamlab` with `--disable-default-traits`,
  // neither resolves nor checks them out: 22 s of a first start, measured
  // (docs/benchmarks.md, "Start-up"). SwiftPM leaves a package out of
  // resolution when every use of it is trait-guarded.
  traits: [
    .default(enabledTraits: ["Server"]),
    .trait(name: "Server", description: "streamlab serve's web server (HummingbirdCore on SwiftNIO)"),
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
    .target(
      name: "StreamLangExport", dependencies: ["StreamLang", "StreamCore"], swiftSettings: unoptimizedInRelease),
    // Pasted Combine code, read by a parser of its own for the subset and
    // lowered into StreamLang's language (no swift-syntax: see README).
    .target(name: "SwiftImport", dependencies: ["StreamLang", "StreamCore"], swiftSettings: unoptimizedInRelease),
    .target(name: "Marbles", dependencies: ["StreamCore"]),
    // The Swift-subset interpreter (issue 29): pasted Swift run on the same engine.
    .target(
      name: "SwiftRun",
      dependencies: [
        "SwiftImport", "StreamLang", "StreamCore", .product(name: "OpenCombine", package: "OpenCombine"),
      ]),
    .target(
      name: "Lessons", dependencies: ["StreamLang", "Marbles"], swiftSettings: fileByFileInRelease + optimizedForSize),
    .target(
      name: "StreamLab",
      dependencies: ["StreamLang", "StreamLangExport", "Marbles", "Lessons", "SwiftImport", "SwiftRun"],
      swiftSettings: unoptimizedInRelease),
    // The browser playground: the JSON API over the interpreter and the page,
    // whose files are compiled into the binary (no Bundle lookup at run time).
    .target(
      name: "StreamLabServer",
      dependencies: [
        "StreamLab", "Lessons", "StreamLang", "Marbles",
        .product(name: "HummingbirdCore", package: "hummingbird", condition: .when(traits: ["Server"])),
        .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Server"])),
        .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["Server"])),
        .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(traits: ["Server"])),
        .product(name: "NIOHTTPTypes", package: "swift-nio-extras", condition: .when(traits: ["Server"])),
        .product(name: "NIOExtras", package: "swift-nio-extras", condition: .when(traits: ["Server"])),
        .product(name: "HTTPTypes", package: "swift-http-types", condition: .when(traits: ["Server"])),
        .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Server"])),
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
        .product(name: "NIOEmbedded", package: "swift-nio", condition: .when(traits: ["Server"])),
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
