import Foundation
import TermindApplication
import TermindDomain

/// Asks on the terminal what to do about a destination that exists, one conflict at a time:
/// a lower-case answer settles this file, an upper-case one every later conflict of the Batch.
struct TerminalConflictResolver: ConflictResolver {
    func resolve(_ conflict: TransferConflict) async throws -> ConflictAnswer {
        guard let console = Console(path: "/dev/tty") else {
            throw InteractionRequired(need: "a decision about \(TerminalSafeText(conflict.destination.description).text), which exists",
                                      remedy: "pass --on-conflict overwrite|skip|keep-both|fail")
        }
        let question = Self.question(conflict)
        console.writeControl("\r\u{1B}[K")  // clears a progress line
        while true {
            guard let answer = try console.readLine(prompt: question, echo: true) else {
                return ConflictAnswer(.fail)
            }
            let text = String(decoding: answer, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            guard let letter = text.first, text.count == 1,
                  let policy = Self.policies[Character(letter.lowercased())] else {
                console.write("Answer o, s, k or f (O, S, K or F for the rest).\n")
                continue
            }
            return ConflictAnswer(policy, applyToRest: letter.isUppercase)
        }
    }

    /// The question, the destination's path shown as `TerminalSafeText` (a server named it).
    static func question(_ conflict: TransferConflict) -> String {
        """
        \(TerminalSafeText(conflict.destination.description).text) exists (\(describe(conflict.existing))); \
        the new one is \(describe(conflict.sourceAttributes)).
        [o]verwrite, [s]kip, [k]eep both, [f]ail (capital letter: the same for the rest) 
        """
    }

    private static let policies: [Character: ConflictPolicy] = ["o": .overwrite, "s": .skip, "k": .keepBoth, "f": .fail]

    /// `1.20 MB, modified 2026-11-30 10:00`.
    private static func describe(_ attributes: FileAttributes) -> String {
        var parts: [String] = []
        if let size = attributes.size { parts.append(ProgressLine.byteText(Double(size))) }
        if let modified = attributes.modified {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = "yyyy-MM-dd HH:mm"
            parts.append("modified " + formatter.string(from: Date(timeIntervalSince1970: TimeInterval(modified))))
        }
        return parts.isEmpty ? "size unknown" : parts.joined(separator: ", ")
    }
}
