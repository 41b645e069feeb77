import Foundation
import Testing
@testable import LogocDriver

/// The output folder's lock stays exclusive when `clean` removes its file
/// while a build waits on it (issue 15, item 2).
@Suite struct OutputLockTests {
    final class Flag: @unchecked Sendable {
        // @unchecked: set once before `signal`, read after `wait`.
        var value = false
    }

    @Test func aLockFileRemovedWhileABuildWaitsIsNeverHeldTwice() throws {
        let directory = NSTemporaryDirectory() + "logoc-lock-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // `clean` holds the lock…
        var cleaning: OutputLock? = try OutputLock(directory: directory) {}
        // …while a build waits for it.
        let secondWaits = DispatchSemaphore(value: 0), secondHolds = DispatchSemaphore(value: 0), secondLetsGo = DispatchSemaphore(value: 0)
        Thread {
            let lock = try? OutputLock(directory: directory) { secondWaits.signal() }
            secondHolds.signal()
            secondLetsGo.wait()
            withExtendedLifetime(lock) {}
        }.start()
        #expect(secondWaits.wait(timeout: .now() + 30) == .success)
        // `clean` removes the lock file and its folder, then lets go.
        unlink(directory + "/" + OutputLock.fileName)
        rmdir(directory)
        cleaning = nil
        withExtendedLifetime(cleaning) {}
        #expect(secondHolds.wait(timeout: .now() + 30) == .success)
        // A third build must now wait for the second.
        let thirdWaited = Flag(), thirdWaits = DispatchSemaphore(value: 0), thirdHolds = DispatchSemaphore(value: 0)
        Thread {
            let lock = try? OutputLock(directory: directory) {
                thirdWaited.value = true
                thirdWaits.signal()
            }
            thirdHolds.signal()
            withExtendedLifetime(lock) {}
        }.start()
        let waited = thirdWaits.wait(timeout: .now() + 5) == .success
        secondLetsGo.signal()
        #expect(thirdHolds.wait(timeout: .now() + 30) == .success)
        #expect(waited && thirdWaited.value, "two builds held the output folder's lock at once")
    }
}
