import AttendanceDocuments
import AttendanceLanguage
import AttendanceStore
import Foundation

/// Where a document that its library writes as a file (a PDF, a workbook) goes: the file named
/// with `--output`, or standard output with `--output -`; for a printer, its bytes.
enum DocumentOutput {
    /// Makes the document with `make` at `output`: a path, written whole or not at all and never
    /// over `store` or its journals, or "-" for standard output.
    static func write<Made>(
        to output: String, protecting store: AttendanceStore, in context: Context,
        _ make: (String) throws(DocumentError) -> Made
    ) throws(CommandFailure) -> Made {
        guard output == "-" else {
            let protected = [store.path, store.path + "-wal", store.path + "-shm"]
            let words = context.words
            if let refusal = OutputFile.refusal(of: output, protecting: protected, words: words) {
                throw CommandFailure(
                    words.tr("cannot write {path}: {reason}", ["path": output, "reason": refusal]),
                    status: .outputFailure)
            }
            // The document is renamed into place, which would replace a device or a pipe with a file.
            var info = stat()
            if stat(output, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
                throw CommandFailure(
                    words.tr(
                        "cannot write {path}: it is not a regular file; for a pipe or a device use --output - and redirect",
                        ["path": output]), status: .outputFailure)
            }
            return try made(output, make)
        }
        // Binary on a terminal is noise and can upset it.
        guard !context.outputIsTerminal else {
            throw CommandFailure(
                context.words.tr(
                    "--output - writes the document to standard output, which is a terminal; redirect it to a file or a pipe"
                ), status: .usage)
        }
        let (value, bytes) = try inMemory(make)
        context.out.sink.write(bytes: bytes)
        return value
    }

    /// The document `make` writes, as bytes.
    static func inMemory<Made>(
        _ make: (String) throws(DocumentError) -> Made
    ) throws(CommandFailure) -> (Made, [UInt8]) {
        do throws(DocumentError) {
            return try DocumentBytes.make(make)
        } catch {
            throw CommandFailure(error.description, status: .outputFailure)
        }
    }

    private static func made<Made>(
        _ path: String, _ make: (String) throws(DocumentError) -> Made
    ) throws(CommandFailure) -> Made {
        do throws(DocumentError) {
            return try make(path)
        } catch {
            throw CommandFailure(error.description, status: .outputFailure)
        }
    }
}
