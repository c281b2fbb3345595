import Foundation

/// A document's file while it is being written: a temporary name beside `path`, renamed over it
/// only once the whole document is there, so a failure leaves no partial file at `path`.
///
/// The libraries that write documents (cairo, libxlsxwriter) open the file themselves and report
/// only "write error": the temporary file is opened here first, to say why when it cannot be.
struct PartialFile {
    let path: String
    let temporary: String

    init(path: String) throws(DocumentError) {
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        temporary =
            (folder.isEmpty ? "." : folder) + "/." + (path as NSString).lastPathComponent + ".\(getpid()).partial"
        let probe = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard probe >= 0 else { throw .unwritable(path, reason: String(cString: strerror(errno))) }
        close(probe)
    }

    /// Puts the finished temporary file at `path`.
    func commit() throws(DocumentError) {
        guard rename(temporary, path) == 0 else { throw .unwritable(path, reason: String(cString: strerror(errno))) }
    }

    /// Removes the temporary file of a document that was not finished.
    func discard() { unlink(temporary) }
}
