import Dispatch
import Synchronization

extension RandomAccessCollection where Self: Sendable, Index == Int {
    /// `map`, with the elements spread over the machine's cores; the results in order.
    ///
    /// For independent pieces of one report (a register's pages): `transform` must not share
    /// anything mutable.
    func concurrentMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        let results = Mutex<[Int: T]>([:])
        DispatchQueue.concurrentPerform(iterations: count) { offset in
            let result = transform(self[startIndex + offset])
            results.withLock { $0[offset] = result }
        }
        return results.withLock { done in (0..<count).map { done[$0]! } }
    }
}
