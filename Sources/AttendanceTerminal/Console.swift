import Foundation

/// Where text goes: a file descriptor in the product, a buffer in tests.
public protocol TextSink: AnyObject, Sendable {
    func write(_ text: String)
}

/// Writes to a file descriptor (standard output or error), retrying short writes.
public final class FileDescriptorSink: TextSink {
    public let fd: Int32
    public init(fd: Int32) { self.fd = fd }

    public func write(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Foundation.write(fd, base + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return  // a closed pipe: nothing sensible left to do with the output
            }
            offset += written
        }
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
