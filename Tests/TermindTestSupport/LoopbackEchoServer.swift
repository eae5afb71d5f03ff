/// A threaded TCP echo server (python3) on a free loopback port: what forwarding tests connect
/// through a forward to, bytes checked on the way back.
public enum LoopbackEchoServer {
    /// Starts one; the caller stops the process. The port it listens on comes with it.
    public static func start(backlog: Int = 256) throws -> (process: ChildProcess, port: Int) {
        let script = """
            import socket, threading
            s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind(('127.0.0.1', 0)); s.listen(\(backlog)); print(s.getsockname()[1], flush=True)
            def serve(c):
                while True:
                    d = c.recv(65536)
                    if not d: break
                    c.sendall(d)
                c.close()
            while True:
                c, _ = s.accept(); threading.Thread(target=serve, args=(c,), daemon=True).start()
            """
        let child = try ChildProcess("python3", ["-u", "-c", script])
        let line = try child.waitForLine { Int($0) != nil }
        guard let port = Int(line) else {
            child.stop()
            throw TestRigError("the echo server printed no port: \(line)")
        }
        return (child, port)
    }
}
