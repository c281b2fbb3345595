import AttendanceApp
import AttendanceCore
import AttendanceText
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import NIOSSL

/// Where and how the console listens.
public struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
    public let host: String
    public let port: Int

    /// `HOST:PORT` or `[IPv6]:PORT`.
    public init(parsing text: String) throws {
        let (host, port): (Substring, Substring)
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            host = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            guard rest.hasPrefix(":") else {
                throw AppFailure { words in
                    words.tr("--listen takes HOST:PORT, such as 127.0.0.1:8080: {text}", ["text": text])
                }
            }
            port = rest.dropFirst()
        } else {
            guard let colon = text.lastIndex(of: ":") else {
                let quoted = text.quotedForMessage
                throw AppFailure { words in
                    words.tr("--listen takes HOST:PORT, such as 127.0.0.1:8080: {text}", ["text": quoted])
                }
            }
            (host, port) = (text[..<colon], text[text.index(after: colon)...])
        }
        guard !host.isEmpty, let number = Int(port), (0...65535).contains(number) else {
            let quoted = text.quotedForMessage
            throw AppFailure { words in
                words.tr("--listen takes HOST:PORT with a port from 0 to 65535: {text}", ["text": quoted])
            }
        }
        self.host = String(host)
        self.port = number
    }

    /// Whether only this machine can reach the address (127.0.0.0/8, ::1, localhost).
    public var isLoopback: Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}

/// The files of a TLS certificate and its key, in PEM.
public struct TLSFiles: Sendable {
    public let certificate: String
    public let key: String

    public init(certificate: String, key: String) {
        self.certificate = certificate
        self.key = key
    }
}

/// The manager's console as an HTTP server.
public struct ConsoleServer: Sendable {
    let console: Console
    let address: ListenAddress
    let tls: TLSFiles?

    /// Plain HTTP is for this machine only: beyond loopback the console needs TLS (or a reverse
    /// proxy in front of it on loopback), since passwords and personal data cross the network.
    public init(console: Console, address: ListenAddress, tls: TLSFiles?) throws {
        if tls == nil && !address.isLoopback {
            let shown = address.description
            throw AppFailure { words in
                words.tr(
                    "the console listens beyond this machine ({address}) only with TLS: give --tls-cert and --tls-key, or listen on 127.0.0.1 behind a reverse proxy that holds the certificate (README \"The manager's console\")",
                    ["address": shown])
            }
        }
        self.console = console
        self.address = address
        self.tls = tls
    }

    /// Serves until SIGTERM or SIGINT. `started` is told the address it listens on (a port of 0
    /// is chosen by the system).
    public func run(started: @escaping @Sendable (String) -> Void) async throws {
        var logger = Logger(label: "attendance-console")
        logger.logLevel = .warning
        // Idle or slow clients are let go after 30 s; headers are bounded.
        let http = HTTPServerBuilder.http1(configuration: .init(idleTimeout: .seconds(30)))
        let server: HTTPServerBuilder
        if let tls {
            let chain: [NIOSSLCertificate]
            let key: NIOSSLPrivateKey
            do {
                chain = try NIOSSLCertificate.fromPEMFile(tls.certificate)
                key = try NIOSSLPrivateKey(file: tls.key, format: .pem)
            } catch {
                let values = ["certificate": tls.certificate, "key": tls.key, "reason": "\(error)"]
                throw AppFailure(kind: .files) { words in
                    words.tr("the TLS certificate {certificate} or key {key} cannot be used: {reason}", values)
                }
            }
            server = try .tls(
                http,
                tlsConfiguration: .makeServerConfiguration(
                    certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key)))
        } else {
            server = http
        }
        let scheme = tls == nil ? "http" : "https"
        let app = Application(
            router: console.routes(), server: server,
            configuration: .init(address: .hostname(address.host, port: address.port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? address.port
                let host = address.host.contains(":") ? "[\(address.host)]" : address.host
                started("\(scheme)://\(host):\(port)/")
            }, logger: logger)
        try await app.runService()
    }
}
