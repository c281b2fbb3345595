import AttendanceSync

extension CentralAddress {
    /// The address in `text`, or the malformed value's error every front-end words: the form an
    /// address needs, and what this one lacks.
    public init(parsing text: String) throws(CoreError) {
        do {
            try self.init(url: text)
        } catch {
            throw .invalidValue(what: Phrase("central store URL"), value: text, expected: Self.expectation(error))
        }
    }

    private static func expectation(_ problem: Problem) -> Phrase {
        switch problem {
        case .notAnAddress:
            Phrase("postgresql://USER@HOST:PORT/DATABASE (or ?host=/socket/folder instead of HOST)")
        case .userMissing:
            Phrase(
                "postgresql://USER@HOST:PORT/DATABASE (or ?host=/socket/folder instead of HOST); the user name is missing"
            )
        case .passwordGiven:
            Phrase(
                "postgresql://USER@HOST:PORT/DATABASE (or ?host=/socket/folder instead of HOST); no password in the URL: put it in a file named by password_file"
            )
        case .databaseMissing:
            Phrase(
                "postgresql://USER@HOST:PORT/DATABASE (or ?host=/socket/folder instead of HOST); the database name is missing"
            )
        case .otherOption:
            Phrase(
                "postgresql://USER@HOST:PORT/DATABASE (or ?host=/socket/folder instead of HOST); the only option is ?host=/socket/folder"
            )
        case .badPort:
            Phrase(
                "postgresql://USER@HOST:PORT/DATABASE (or ?host=/socket/folder instead of HOST); the port is 1 to 65535"
            )
        case .hostMissing:
            Phrase(
                "postgresql://USER@HOST:PORT/DATABASE (or ?host=/socket/folder instead of HOST); the host is missing")
        case .hostAndSocketFolder:
            Phrase(
                "postgresql://USER@HOST:PORT/DATABASE (or ?host=/socket/folder instead of HOST); give a host or ?host=/socket/folder, not both"
            )
        }
    }
}
