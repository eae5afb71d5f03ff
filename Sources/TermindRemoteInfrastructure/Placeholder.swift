import CLibSSH2
import TermindInfrastructure
public enum RemotePlaceholder { static let v = libssh2_version(0) }
