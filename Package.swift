// swift-tools-version:6.0
// Termind: an SSH/SFTP workbench for the terminal. This manifest is the architecture's map
// (docs/architecture.md describes it): C shims at the bottom, then Domain → Application, then
// Infrastructure, RemoteInfrastructure and Presentation side by side over Application, then the
// command line that wires them together.
// Build with `--explicit-target-dependency-import-check error` so an undeclared import fails;
// `make check-imports` fails on a declared dependency that no file imports.
import PackageDescription

let package = Package(
    name: "Termind",
    products: [
        .executable(name: "termind", targets: ["termind"]),
    ],
    targets: [
        // MARK: - C libraries (Debian 12 packages, through pkg-config)

        /** libssh2 1.10: SSH transport, authentication and channels. Imported only by RemoteInfrastructure. */
        .systemLibrary(
            name: "CLibSSH2",
            pkgConfig: "libssh2",
            providers: [.apt(["libssh2-1-dev"])]
        ),
        /** libvterm 0.1.4: the terminal emulator behind each SSH pane. Imported only by Presentation. */
        .systemLibrary(
            name: "CVTerm",
            pkgConfig: "vterm",
            providers: [.apt(["libvterm-dev"])]
        ),
        /** SQLite 3: the Vault's embedded store. Imported only by Infrastructure. */
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        /** OpenSSL 3 libcrypto: digests, AES-GCM, scrypt, randomness, key pairs and PEM. Imported only by TermindCrypto. */
        .systemLibrary(
            name: "COpenSSL",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),

        /** AES-CTR for libssh2 1.10 a keystream at a time instead of a libcrypto call per 16-byte block: `EVP_Cipher`
            and its context's init and free, defined in the executable so libssh2's calls bind here first. Imported only by
            RemoteInfrastructure. */
        .target(name: "CLibSSH2Keystream", linkerSettings: [.linkedLibrary("crypto")]),

        /** Linux calls Glibc's Swift module leaves out (`sync_file_range`, `mallopt`, `eventfd`, `prctl`); header only, libc. Imported by
            Infrastructure and by RemoteInfrastructure's worker. */
        .systemLibrary(name: "CLinux"),

        // MARK: - Crypto (the role CryptoKit plays on Apple systems)

        /** SHA-256, SHA-1, HMAC, AES-256-GCM, random, scrypt, constant-time compare, and SSH key files (OpenSSH, PEM, bcrypt_pbkdf) over libcrypto. */
        .target(name: "TermindCrypto", dependencies: ["COpenSSL"]),

        // MARK: - The five layers, innermost first

        /** Values and pure rules, no I/O: Host, Identity, Key, Known Hosts, Workspaces, transfer plans. */
        .target(name: "TermindDomain", dependencies: ["TermindCrypto"]),
        /** Ports (protocols), use cases, policies, the interaction queue, logging and exit codes. */
        .target(name: "TermindApplication", dependencies: ["TermindDomain"]),
        /** SQLite stores, sealed secrets, the vault key, XDG paths, the log file, the ~/.ssh reader. */
        .target(
            name: "TermindInfrastructure",
            dependencies: ["TermindApplication", "TermindDomain", "TermindCrypto", "TermindSchemas", "CSQLite", "CLinux"]
        ),
        /** The Vault's numbered SQL migrations (Schemas/V1__vault.sql, ...), shipped as resources. */
        .target(
            name: "TermindSchemas",
            path: "Schemas",
            exclude: ["README.md"],
            resources: [
                .copy("V1__vault.sql"), .copy("V2__host_clipboard.sql"), .copy("V3__host_shell_integration.sql"),
                .copy("V4__command_search.sql"), .copy("V5__host_share_connection.sql"), .copy("V6__host_forwards.sql"),
                .copy("V7__host_keepalive_metrics.sql"), .copy("V8__host_reconnect.sql"),
                .copy("V9__mcp_policy_audit.sql"),
            ]
        ),
        /** Files read at run time: the default keymap, the bash/zsh shell integration and the metrics sampler script. */
        .target(
            name: "TermindResources", path: "Resources", exclude: ["README.md"],
            resources: [.copy("keymap.default"), .copy("shell"), .copy("metrics")]
        ),
        /** libssh2 session workers, channels, the SFTP v3 protocol, transfers, host-key checks. */
        .target(
            name: "TermindRemoteInfrastructure",
            dependencies: ["TermindApplication", "TermindDomain", "CLibSSH2", "CLibSSH2Keystream", "CLinux"]
        ),
        /** The TUI: raw terminal I/O, input decoding, renderer, widgets, the libvterm pane surface. */
        .target(
            name: "TermindPresentation",
            dependencies: ["TermindApplication", "TermindDomain", "CVTerm"]
        ),

        // MARK: - Command line (composition root)

        /** Argument parsing, subcommands and the wiring of every adapter to every port. */
        .target(
            name: "TermindCLI",
            dependencies: [
                "TermindPresentation", "TermindRemoteInfrastructure", "TermindInfrastructure",
                "TermindApplication", "TermindDomain", "TermindResources", "TermindCrypto",
            ]
        ),
        /** The `termind` binary: a thin main over TermindCLI. */
        .executableTarget(name: "termind", dependencies: ["TermindCLI"]),

        // MARK: - Benchmarks (`make bench`; never part of the tests)

        /** `termind-bench`: Termind against OpenSSH, tmux and coreutils on this machine, as ratios. */
        .executableTarget(
            name: "termind-bench",
            dependencies: [
                "TermindPresentation", "TermindInfrastructure", "TermindApplication", "TermindDomain", "TermindResources",
                "TermindCrypto", "TermindTestSupport",
            ],
            path: "Sources/TermindBenchmarks"
        ),

        // MARK: - Tests

        /** The test rig: real OpenSSH sshd and asyncssh servers on loopback, temporary homes, the built binary,
            `eventually`. Beneath every layer (it imports none), so tests of any layer and termind-bench can use it. */
        .target(name: "TermindTestSupport", path: "Tests/TermindTestSupport"),
        /** Test doubles of Application's ports (RecordingLogger, ScriptedPresenter): above Application, apart
            from the rig so the rig stays beneath every layer. Never a dependency of a production target. */
        .target(
            name: "TermindTestDoubles", dependencies: ["TermindApplication", "TermindDomain", "TermindTestSupport"],
            path: "Tests/TermindTestDoubles"),

        .testTarget(name: "TermindCryptoTests", dependencies: ["TermindCrypto"]),
        .testTarget(name: "TermindDomainTests", dependencies: ["TermindDomain", "TermindTestSupport"]),
        .testTarget(
            name: "TermindApplicationTests",
            dependencies: ["TermindApplication", "TermindDomain", "TermindTestDoubles", "TermindTestSupport"]
        ),
        .testTarget(
            name: "TermindInfrastructureTests",
            dependencies: [
                "TermindInfrastructure", "TermindApplication", "TermindDomain", "TermindTestDoubles", "TermindTestSupport",
            ]
        ),
        .testTarget(
            name: "TermindRemoteInfrastructureTests",
            // CLibSSH2Keystream and COpenSSL: the keystream driven through libcrypto's API, as libssh2 drives it.
            // CLibSSH2: SSH2ErrorCode's cases checked against libssh2's constants.
            dependencies: [
                "TermindRemoteInfrastructure", "TermindApplication", "TermindDomain", "TermindTestSupport", "CLibSSH2", "CLibSSH2Keystream",
                "COpenSSL",
            ]
        ),
        .testTarget(
            name: "TermindPresentationTests",
            // CVTerm: libvterm's own screen, the reference Termind's screen is checked against.
            dependencies: ["TermindPresentation", "TermindApplication", "TermindDomain", "TermindTestDoubles", "TermindTestSupport", "CVTerm"],
            // The 80×24 screens the overlays are compared with, read from the source tree.
            exclude: ["Workbench/Golden"]
        ),
        .testTarget(name: "TermindCLITests", dependencies: ["TermindCLI", "TermindApplication", "TermindDomain", "TermindTestSupport"]),
        /** Against real servers the tests start themselves: OpenSSH sshd and a scripted asyncssh server. */
        .testTarget(
            name: "TermindIntegrationTests",
            dependencies: [
                "TermindRemoteInfrastructure", "TermindInfrastructure", "TermindApplication",
                "TermindDomain", "TermindTestDoubles", "TermindTestSupport", "TermindResources",
                // The browser pane's requests on a real SFTP session.
                "TermindPresentation",
            ]
        ),
        /** The built `termind` binary, run as a user would run it. */
        .testTarget(name: "TermindEndToEndTests", dependencies: ["termind", "TermindTestSupport"]),

        // MARK: - Fuzzing (`make fuzz`; its inputs replayed by `make test`)

        /** One fuzz target per parser of outside input (ssh_config, known_hosts, key files, SFTP replies,
            terminal input, the pane's emulator, keymap, Recent Workspaces, partial records, metrics samples), each with its invariants. */
        .target(
            name: "TermindFuzzTargets",
            dependencies: [
                "TermindCLI", "TermindPresentation", "TermindRemoteInfrastructure", "TermindInfrastructure",
                "TermindApplication", "TermindDomain", "TermindResources", "TermindCrypto",
            ],
            path: "Tests/TermindFuzzTargets"
        ),
        /** `termind-fuzz`: under `make fuzz` a libFuzzer binary (AddressSanitizer, in .build/fuzz); otherwise it
            replays inputs without a sanitizer. */
        .executableTarget(
            name: "termind-fuzz", dependencies: ["TermindFuzzTargets"], path: "Tests/TermindFuzz",
            swiftSettings: [.enableExperimentalFeature("Extern")]  // @_extern(c): libFuzzer's driver
        ),
        /** Every input under Tests/Fuzz (seeds and regressions) through its target, without a sanitizer. */
        .testTarget(name: "TermindFuzzTests", dependencies: ["TermindFuzzTargets"]),
    ]
)
