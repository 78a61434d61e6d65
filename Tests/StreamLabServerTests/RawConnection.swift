import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One loopback TCP connection a test holds open and writes to as it likes,
/// as a hostile client would: half a request, a byte at a time, nothing at
/// all. Every read gives up after `timeout` seconds, so a server that never
/// answers fails the test instead of hanging it; no test asserts how fast
/// (60 s: the whole suite in parallel on a loaded machine has kept the
/// server's tasks waiting for 25 s).
final class RawConnection {
  private let socket: Int32

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// What a read found: bytes, the server's close, or nothing before the timeout.
  enum Reading: Equatable {
    case bytes(Data)
    case closed
    case timedOut
  }

  init(port: Int, timeout: Int = 60) throws {
    socket = try Self.connectedSocket(port: port, timeout: timeout)
  }

  /// A TCP socket connected to 127.0.0.1:`port` whose reads and writes give
  /// up after `timeout` seconds; the caller closes it.
  static func connectedSocket(port: Int, timeout: Int) throws -> Int32 {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw Failure(description: "socket() failed (errno \(errno))") }
    var time = timeval(tv_sec: timeout, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(socket)
      throw Failure(description: "cannot connect to 127.0.0.1:\(port) (errno \(errno))")
    }
    return socket
  }

  deinit { close(socket) }

  /// Sends what it can of `text`; false once the server no longer takes
  /// bytes. On a Dispatch thread, as every blocking call here: a send the
  /// server does not read blocks until the timeout, and Swift concurrency's
  /// few threads run the in-process server.
  @discardableResult
  func send(_ text: String) async -> Bool { await send(Data(text.utf8)) }

  @discardableResult
  func send(_ data: Data) async -> Bool {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        let sentAll = data.withUnsafeBytes { buffer in
          var sent = 0
          while sent < buffer.count {
            let count = Glibc.send(self.socket, buffer.baseAddress! + sent, buffer.count - sent, Int32(MSG_NOSIGNAL))
            if count <= 0 { return false }
            sent += count
          }
          return true
        }
        continuation.resume(returning: sentAll)
      }
    }
  }

  /// Reads until the server closes or a read times out: all bytes received,
  /// and whether the server closed.
  func readAll() async -> (data: Data, closed: Bool) {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        var received = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
          let count = recv(self.socket, &chunk, chunk.count, 0)
          if count > 0 {
            received.append(contentsOf: chunk[0..<count])
          } else {
            // 0: closed; ECONNRESET: closed with unread bytes; else the timeout.
            continuation.resume(returning: (received, count == 0 || errno == ECONNRESET))
            return
          }
        }
      }
    }
  }

  /// The status of the response in `data`, nil when there is none.
  static func status(of data: Data) -> Int? {
    let line = String(decoding: data.prefix(32), as: UTF8.self)
    guard line.hasPrefix("HTTP/1.1 ") else { return nil }
    return Int(line.dropFirst(9).prefix(3))
  }
}
