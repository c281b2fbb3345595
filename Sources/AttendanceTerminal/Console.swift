import Foundation
import SystemPackage

/// Where text goes: a file descriptor in the product, a buffer in tests.
public protocol TextSink: AnyObject, Sendable {
    func write(_ text: String)
    /// Writes bytes as they are: a PDF or a workbook sent to standard output (`--output -`).
    func write(bytes: [UInt8])
    /// Why text written here was lost (a full disk, a device error), or nil when all of it arrived.
    var failure: String? { get }
}

extension TextSink {
    public var failure: String? { nil }
    /// A sink that keeps text keeps bytes as the text they read as.
    public func write(bytes: [UInt8]) { write(String(decoding: bytes, as: UTF8.self)) }
}

/// Writes to a file descriptor (standard output or error), whole: short and interrupted writes are
/// taken up again.
///
/// A write that fails is remembered, not thrown: a command's work (a punch stored) is done by
/// then, and what it says about it must not turn into a crash or a "not recorded". The command's
/// caller looks at `failure` as it ends (`Attendance.run`), so output lost to a full disk is an
/// exit status and a line on standard error, never a quiet empty file.
public final class FileDescriptorSink: TextSink, @unchecked Sendable {
    public let fd: Int32
    private let lock = NSLock()
    private var firstError: Int32?
    public init(fd: Int32) { self.fd = fd }

    public func write(_ text: String) { write(bytes: Array(text.utf8)) }

    public func write(bytes: [UInt8]) {
        do {
            _ = try FileDescriptor(rawValue: fd).writeAll(bytes)
        } catch {
            let code = (error as? Errno)?.rawValue ?? EIO
            lock.withLock { if firstError == nil { firstError = code } }
        }
    }

    /// The first failed write's reason. A reader that went away (EPIPE: `| head`) is not one:
    /// what it did not want is not lost.
    public var failure: String? {
        lock.withLock { firstError }.flatMap { $0 == EPIPE ? nil : String(cString: strerror($0)) }
    }

    /// Whether the descriptor is a terminal.
    public var isTerminal: Bool { isatty(fd) == 1 }
}

/// The one way commands write text: everything passes through `terminalSafe`, keeping only
/// line breaks and tabs, so no stored name or note can send a control sequence.
public struct Console: Sendable {
    public let sink: any TextSink
    /// Colours and styles are used only on a terminal and when `NO_COLOR` is not set.
    public let usesColor: Bool
    /// How many colours that terminal has (it matters for orange only).
    public let palette: ColorPalette

    public init(sink: any TextSink, usesColor: Bool, palette: ColorPalette = .extended) {
        self.sink = sink
        self.usesColor = usesColor
        self.palette = palette
    }

    /// Writes `text` as it is, apart from unsafe characters. Line breaks (LF, and CR only as part
    /// of CRLF) and tabs are kept: they are layout, not control sequences.
    public func write(_ text: String) { sink.write(TerminalOutput.safe(text)) }

    /// Writes `text` and a line break.
    public func line(_ text: String = "") { write(text + "\n") }
}
