import TermindInfrastructure
import XCTest

/// The base of the key file tests: the codec under test and a fresh `ssh-keygen` workshop
/// (a temporary directory of keys) per test.
class KeyFileTestCase: XCTestCase {
    let codec = OpenSSLPrivateKeyCodec()
    var keygen: SSHKeygen!

    override func setUpWithError() throws {
        keygen = try SSHKeygen()
    }

    override func tearDown() {
        keygen = nil
    }
}
