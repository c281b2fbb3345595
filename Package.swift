// swift-tools-version: 6.1
// The attendance kiosk: a pure core, one edge per outside thing, thin commands,
// and a one-file executable. See README.md for the map.

import PackageDescription

let package = Package(
    name: "attendance",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "attendance", targets: ["attendance"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // The web console's HTTP server; its optional traits (swift-configuration) are not needed.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    ],
    targets: [
        // MARK: - The pure core: domain types and the rules of docs/rules.md. No I/O.
        .target(
            name: "AttendanceCore",
            dependencies: [
                "AttendanceText", "AttendanceTOML", "AttendanceICalendar", "AttendanceSync", "CivilCalendar",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // A strict TOML 1.0 reader that knows nothing of attendance: the configuration's words are the core's.
        .target(name: "AttendanceTOML", dependencies: ["AttendanceText"]),
        // An iCalendar reader of all-day events and their repeats that knows nothing of attendance:
        // what makes an event a holiday is the core's.
        .target(name: "AttendanceICalendar", dependencies: ["AttendanceText", "CivilCalendar"]),
        // Day-number arithmetic of the Gregorian calendar, under both the core's dates and the
        // iCalendar reader's.
        .target(name: "CivilCalendar"),
        // Untrusted text made safe to echo in a message or on a terminal.
        .target(name: "AttendanceText"),
        // What travels between a store and the central store, and where that store is: plain
        // records and a URL, no rules (the core reads the address in the configuration).
        .target(name: "AttendanceSync", dependencies: ["AttendanceText"]),

        // MARK: - Edges, one per outside thing
        // The store: the only code that imports GRDB.
        .target(
            name: "AttendanceStore",
            dependencies: [
                "AttendanceCore", "AttendanceSync", .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C API, for what GRDB does not offer: whether the file moved, a foreign database.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // The C library libnl-genl-3, seen through one shim header.
        .systemLibrary(
            name: "CNetlink",
            pkgConfig: "libnl-genl-3.0",
            providers: [.apt(["libnl-genl-3-dev"])]
        ),
        // The WiFi reader: the only code that calls nl_* / genl_*.
        .target(name: "AttendanceWiFi", dependencies: ["AttendanceCore", "CNetlink"]),
        // The central store: PostgreSQL through postgres-nio, the only code that speaks to it.
        .target(
            name: "AttendanceCentral",
            dependencies: ["AttendanceCore", "AttendanceSync", .product(name: "PostgresNIO", package: "postgres-nio")]
        ),
        // cairo and Pango, and libxlsxwriter, each seen through one header and opened on the first
        // document that needs it (dlopen), so that a punch does not load them and the thirty
        // libraries they bring.
        .target(name: "CDocumentLibraries"),
        // The manager's documents: the only code that calls cairo/Pango (the PDF register and
        // calendars) and libxlsxwriter (the register as a spreadsheet).
        // Their words come through the catalogs, in the language the caller chose.
        .target(
            name: "AttendanceDocuments",
            dependencies: ["AttendanceCore", "AttendanceLanguage", "CDocumentLibraries"]),
        // GNU gettext, which glibc carries, seen through one shim header.
        .systemLibrary(name: "CIntl"),
        // The translations: the only code that calls gettext.
        .target(name: "AttendanceLanguage", dependencies: ["AttendanceCore", "AttendanceICalendar", "CIntl"]),
        // The terminal: the only code that writes escape sequences or touches termios.
        .target(
            name: "AttendanceTerminal",
            dependencies: [
                "AttendanceCore", "AttendanceLanguage", .product(name: "SystemPackage", package: "swift-system"),
            ]),

        // MARK: - The application layer: the services every front-end calls (marking, PINs and the
        // pepper, sync, files).
        // It answers in typed results; front-ends word them.
        .target(
            name: "AttendanceApp",
            dependencies: [
                "AttendanceCore", "AttendanceStore", "AttendanceSync", "AttendanceWiFi", "AttendanceCentral",
                "AttendanceDocuments", "AttendanceLanguage", "AttendanceTerminal",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),

        // MARK: - The manager's web console: a front-end as thin as the commands, over HTTP.
        .target(
            name: "AttendanceWeb",
            dependencies: [
                "AttendanceApp", "AttendanceCore", "AttendanceLanguage", "AttendanceStore", "AttendanceSync",
                "AttendanceTerminal", "AttendanceText", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // A page's string literals are HTML: GRDB's `SQL` literal and its `+` and `joined()`,
            // visible here through the store's module, must never be chosen for them.
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        ),

        // MARK: - Commands and the executable
        .target(
            name: "AttendanceCommands",
            dependencies: [
                "AttendanceApp", "AttendanceCore", "AttendanceStore", "AttendanceSync", "AttendanceWiFi",
                "AttendanceTerminal", "AttendanceCentral", "AttendanceDocuments", "AttendanceWeb", "AttendanceLanguage",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]
        ),
        .executableTarget(name: "attendance", dependencies: ["AttendanceCommands"]),

        // MARK: - What tests and benchmarks need and the shipped executable must not carry:
        // a canned kernel behind libnl's pipeline, benchmark doors, captured output.
        .target(
            name: "AttendanceTestSupport",
            dependencies: [
                "AttendanceApp", "AttendanceCore", "AttendanceStore", "AttendanceWiFi", "AttendanceTerminal",
                "AttendanceCommands", "AttendanceCentral", "AttendanceSync", "CNetlink", "AttendanceTestKit",
            ]
        ),
        // Foundation alone: a child process runner and a seeded generator, so the core's tests
        // build neither libnl nor PostgresNIO.
        .target(name: "AttendanceTestKit"),
        .executableTarget(
            name: "attendance-bench",
            dependencies: [
                "AttendanceApp", "AttendanceCore", "AttendanceStore", "AttendanceWiFi", "AttendanceCommands",
                "AttendanceTestSupport",
            ]
        ),

        // MARK: - Tests
        // The test kit brings the process runner for the oracle (Oracles/): Python's zoneinfo for
        // zone rules. The configuration's problems are read as AttendanceLanguage words them: the
        // core keeps only their facts.
        .testTarget(
            name: "AttendanceCoreTests", dependencies: ["AttendanceCore", "AttendanceLanguage", "AttendanceTestKit"],
            exclude: ["Oracles"]
        ),
        // Against Python's tomllib (Oracles/), run with Foundation's Process: nothing of attendance.
        .testTarget(name: "AttendanceTOMLTests", dependencies: ["AttendanceTOML"], exclude: ["Oracles"]),
        .testTarget(name: "AttendanceSyncTests", dependencies: ["AttendanceSync"]),
        // Against Python's dateutil (Oracles/), run by the test kit's process runner (Foundation alone).
        .testTarget(
            name: "AttendanceICalendarTests", dependencies: ["AttendanceICalendar", "AttendanceTestKit"],
            exclude: ["Oracles"]),
        // An import's refused rows are read as AttendanceLanguage words them.
        .testTarget(
            name: "AttendanceStoreTests", dependencies: ["AttendanceStore", "AttendanceSync", "AttendanceLanguage"]),
        // Against the catalogs `make po` builds, through the real gettext.
        .testTarget(
            name: "AttendanceLanguageTests",
            dependencies: ["AttendanceLanguage", "AttendanceCore", "AttendanceICalendar"]),
        .testTarget(name: "AttendanceTerminalTests", dependencies: ["AttendanceTerminal", "AttendanceCore"]),
        .testTarget(
            name: "AttendanceWiFiTests", dependencies: ["AttendanceWiFi", "CNetlink", "AttendanceTestSupport"]),
        .testTarget(
            name: "AttendanceCommandsTests",
            dependencies: [
                "AttendanceApp", "AttendanceCommands", "AttendanceStore", "AttendanceSync", "AttendanceTerminal",
                "AttendanceTestSupport",
            ]
        ),
        .testTarget(
            name: "AttendanceWebTests",
            dependencies: ["AttendanceApp", "AttendanceCore", "AttendanceLanguage", "AttendanceStore", "AttendanceWeb"]),
        .testTarget(
            name: "EndToEndTests", dependencies: ["AttendanceCore", "AttendanceDocuments", "AttendanceTestSupport"],
            exclude: ["Oracles", "Console/console_browser.py", "DocumentLibraries"]),
    ],
    swiftLanguageModes: [.v6]
)
