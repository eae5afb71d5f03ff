/// Which interfaces a summary counts: physical ones by default (docs/behaviour.md §9). The
/// server's own word (a device behind the interface in sysfs) decides; without it, names that
/// are always virtual (`lo`, bridges, veths, container and tunnel devices) are left out.
public enum NetworkInterfaceKind {
    static let virtualPrefixes = ["lo", "veth", "br", "docker", "virbr", "cni", "flannel", "vxlan", "ifb", "kube", "cali", "tun", "tap", "wg", "dummy"]

    public static func isPhysical(_ name: String, physical: Set<String>?) -> Bool {
        if let physical { return physical.contains(name) }
        return !virtualPrefixes.contains { name.hasPrefix($0) }
    }
}
