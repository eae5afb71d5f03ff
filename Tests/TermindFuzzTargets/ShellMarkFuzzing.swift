import Foundation
import TermindApplication
import TermindDomain

/// A server's output as `termind ssh` scans it for the shell integration's marks, each
/// carrying the session's token (the corpus uses `token`), then the command history rules over
/// them. The marks must not depend on where the bytes were split, every mark taken with the
/// token is one taken without it (the token only ever removes marks), a command line stays
/// within its limit, and no row is a command the rules keep out.
enum ShellMarkFuzzing {
    /// The token the corpus's marks carry.
    static let token = ShellMarkToken(randomBytes: [0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xFF])

    static let target = FuzzTarget("shell-marks", "a shell's output with OSC 133 and OSC 7 marks (termind ssh)") { input throws(FuzzFinding) in
        var whole = ShellMarkScanner(limit: 512, token: token)
        let marks = whole.scan(input)
        let cut = input.isEmpty ? 0 : Int(input[0]) % (input.count + 1)
        var split = ShellMarkScanner(limit: 512, token: token)
        let pieces = split.scan(input[..<cut]) + split.scan(input[cut...])
        try FuzzFinding.require(pieces == marks, "the marks changed when the output was split at \(cut)")
        var open = ShellMarkScanner(limit: 512)
        let unchecked = open.scan(input)
        try FuzzFinding.require(marks.allSatisfy(unchecked.contains), "a mark was taken only because of the token")
        var recorder = CommandRecorder(hostID: UUID(uuidString: "00000000-0000-4000-8000-000000000001")!)
        for mark in marks {
            if case .commandStarted(let line?) = mark {
                try FuzzFinding.require(line.utf8.count <= ShellMark.maxCommandLineBytes, "a command line of \(line.utf8.count) bytes")
            }
            guard let row = recorder.observe(mark, at: Date(timeIntervalSince1970: 0)) else { continue }
            try FuzzFinding.require(
                row.command.first.map { $0 != " " && $0 != "\t" } == true && !row.command.hasPrefix("__termind_"),
                "a row the rules keep out: \(row.command.debugDescription)")
        }
    }
}
