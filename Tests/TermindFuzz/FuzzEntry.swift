import Foundation
import TermindFuzzTargets

// `termind-fuzz`: the fuzz targets of `TermindFuzzTargets` as one program.
//
// Built by `make fuzz` with `-sanitize=fuzzer,address -D TERMIND_LIBFUZZER` (in .build/fuzz),
// it is a libFuzzer binary: libFuzzer's own main runs the target named by the environment
// variable TERMIND_FUZZ_TARGET, with libFuzzer's arguments (corpus directories, -max_total_time).
// In the ordinary build it replays inputs without a sanitizer:
// `termind-fuzz TARGET FILE|DIRECTORY...`, or `termind-fuzz --list`.
//
// Either way a crash must end the process at once: Swift's backtracer, left on, trips
// AddressSanitizer or spends minutes symbolicating while holding the pipe of whatever ran it.
// The program turns it off for itself by starting again with SWIFT_BACKTRACE=enable=no, unless
// that variable was set by the caller.

/// Starts this program again with Swift's backtracer off, when nobody chose a setting.
private func restartWithoutBacktracer(_ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) {
    guard getenv("SWIFT_BACKTRACE") == nil else { return }
    setenv("SWIFT_BACKTRACE", "enable=no", 1)
    execv("/proc/self/exe", argv)
    // exec failed: go on with the backtracer as it is.
}

#if TERMIND_LIBFUZZER

/// The target of this run, chosen once.
private let selected: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["TERMIND_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget.named(name) else {
        let names = FuzzTarget.all.map(\.name).joined(separator: ", ")
        FileHandle.standardError.write(Data("termind-fuzz: set TERMIND_FUZZ_TARGET to one of: \(names)\n".utf8))
        exit(2)
    }
    return target
}()

/// libFuzzer's entry for a program with its own main (LLVM 11 and later).
@_extern(c, "LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// The program's main: SwiftPM links an executable's `main` to `<module>_main`, which overrides
/// the `main` libFuzzer brings, so this one hands over to libFuzzer's driver.
@_cdecl("termind_fuzz_main")
public func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    restartWithoutBacktracer(argv)
    _ = selected
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { fuzzerTestOneInput($0, $1) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        try selected.run(input)
    } catch {
        // A broken invariant is a crash to libFuzzer: it saves the input.
        fatalError("\(selected.name): \(error)")
    }
    return 0
}

#else

@main
struct FuzzReplay {
    static func main() {
        restartWithoutBacktracer(CommandLine.unsafeArgv)
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "--list" {
            for target in FuzzTarget.all { print("\(target.name)\t\(target.summary)") }
            return
        }
        guard arguments.count >= 2, let target = FuzzTarget.named(arguments[0]) else {
            let names = FuzzTarget.all.map(\.name).joined(separator: ", ")
            FileHandle.standardError.write(Data("""
                usage: termind-fuzz TARGET FILE|DIRECTORY...   (replays inputs, no sanitizer)
                       termind-fuzz --list
                targets: \(names); `make fuzz` builds the libFuzzer binary

                """.utf8))
            exit(2)
        }
        var failures = 0
        var count = 0
        for path in arguments.dropFirst().flatMap(files) {
            guard let contents = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("termind-fuzz: cannot read \(path)\n".utf8))
                failures += 1
                continue
            }
            count += 1
            do {
                try target.run(Array(contents))
            } catch {
                print("\(path): \(error)")
                failures += 1
            }
        }
        print("\(target.name): \(count) inputs, \(failures) failed")
        exit(failures == 0 ? 0 : 1)
    }

    /// The path itself, or the files directly in a directory and its `regressions/`.
    private static func files(_ path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().flatMap { name -> [String] in
            let child = path + "/" + name
            var childIsDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: child, isDirectory: &childIsDirectory)
            if !childIsDirectory.boolValue { return [child] }
            return name == "regressions" ? files(child) : []
        }
    }
}

#endif
