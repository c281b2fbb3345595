import AttendanceCore

extension Speech {
    /// "OS user attendance (uid 998, groups attendance) may not enter the folder /etc/attendance
    /// (owner root, group root, mode 0750)", in this language.
    public func sentence(for denial: AccessDenial) -> String {
        let values = ["user": sentence(for: denial.user), "status": sentence(for: denial.status)]
        switch denial.barrier {
        case .folder(let folder):
            return tr(
                "{user} may not enter the folder {folder} ({status})", values.merging(["folder": folder]) { a, _ in a })
        case .file(let path, writing: false):
            return tr("{user} may not read {path} ({status})", values.merging(["path": path]) { a, _ in a })
        case .file(let path, writing: true):
            return tr("{user} may not write {path} ({status})", values.merging(["path": path]) { a, _ in a })
        }
    }

    /// "OS user attendance (uid 998, groups attendance, dialout)"
    func sentence(for user: OSUser) -> String {
        tr(
            "OS user {name} (uid {uid}, groups {groups})",
            ["name": user.name, "uid": String(user.uid), "groups": user.groups.joined(separator: ", ")])
    }

    /// "owner root, group root, mode 0750", or the system's reason it is not known.
    func sentence(for status: FileStatus) -> String {
        switch status {
        case .known(let owner, let group, let mode):
            tr("owner {owner}, group {group}, mode {mode}", ["owner": owner, "group": group, "mode": mode])
        case .unknown(let reason): reason
        }
    }

    /// What `store check` says of a way the store's files let the wrong people in or keep the
    /// right one out, with the command that mends it.
    public func sentence(for problem: StoreFileProblem) -> String {
        switch problem {
        case .writableByOthers(let file, let mode):
            return tr(
                "{file} is writable by group or others (mode {mode}); chmod go-w {file}", ["file": file, "mode": mode])
        case .journalOwner(let file, let owner, let storeOwner):
            return tr(
                "{file} belongs to {owner}, the store to {store_owner}: the store's user cannot write through it; chown {store_owner} {file}",
                ["file": file, "owner": owner, "store_owner": storeOwner])
        case .journalNotWritable(let file, let mode, let storeMode):
            return tr(
                "{file} cannot be written by its owner (mode {mode}) while the store can: a writer opens the store read-only; chmod {store_mode} {file}",
                ["file": file, "mode": mode, "store_mode": storeMode])
        case .readableByEveryone(let store, let mode):
            return tr(
                "{store} is readable by every user of this machine (mode {mode}), and it holds everyone's attendance; chmod o-rwx {store}",
                ["store": store, "mode": mode])
        case .folderWritable(let folder, let mode):
            return tr(
                "the store's folder {folder} is writable by group or others (mode {mode}): they can replace the store or put a -wal beside it; chmod go-w {folder}",
                ["folder": folder, "mode": mode])
        case .folderOwner(let store, let storeOwner, let status, let folderOwner, let folderGroup):
            return tr(
                "{store} belongs to {store_owner} but its folder to {owner} ({status}): a kiosk running as {owner} cannot write it; chown {owner}:{group} {store}",
                [
                    "store": store, "store_owner": storeOwner, "owner": folderOwner, "status": sentence(for: status),
                    "group": folderGroup,
                ])
        case .pepperReadable(let path, let mode):
            return tr(
                "the PIN pepper {path} is readable by group or others (mode {mode}); chmod go-rwx {path}",
                ["path": path, "mode": mode])
        case .pepperSize(let path, let bytes):
            return tr(
                "the PIN pepper {path} is {bytes} bytes long, not 32: no PIN can be set or checked; put back the organisation's pepper (a new one makes every PIN unusable)",
                ["path": path, "bytes": String(bytes)])
        }
    }
}
