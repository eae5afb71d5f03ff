public enum CLIPlaceholder { public static func main() {} }
