import CLibSSH2
import TermindInfrastructure
public enum RemotePlaceholder { static func f() -> Int32 { libssh2_init(0) } }
