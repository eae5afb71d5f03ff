import TermindApplication
import TermindDomain

/// Asks for encrypted keys' passphrases on the terminal, no echo, one key at a time. An empty
/// answer keeps that key encrypted (its passphrase is asked when it is used). Without a
/// terminal this is `InteractionRequired` (exit 6).
struct TerminalImportPassphrases: ImportPassphraseSource {
    func passphrase(for key: ImportKeyItem, attempt: Int) async throws -> Secret? {
        let keep = key.needsPassphrase ? "" : ", empty to keep it encrypted"
        let prompt = attempt == 1
            ? "Passphrase for \(key.path) (Key '\(key.label)'\(keep)): "
            : "Wrong passphrase; try again for \(key.path): "
        let answer = try SecretInput.prompt(
            prompt, need: "the passphrase of \(key.path)", remedy: "run without --ask-passphrases to keep keys encrypted")
        return answer.isEmpty ? nil : answer
    }
}
