/// The limits `RequestHeadGuard` holds a request head to, checked on the
/// raw bytes as they arrive, in any pieces: a request line longer than
/// `maxRequestLine` (414), a head longer than `maxHead` (431), and a head
/// that announces a body (`Content-Length` other than 0, or any
/// `Transfer-Encoding`: 400, `serve` reads none).
///
/// It keeps counters and the current header line, never the head: a
/// keep-alive connection's every request passes through here, so a byte
/// costs a few comparisons and no allocation (the guard once copied each
/// head into an array and a lowercased `String` to look for those headers).
struct HeadScanner {
    /// What a piece of bytes leaves: nothing wrong so far (whether it ended
    /// a head, and whether one is under way at its end: the header timeout's
    /// business), or a refusal.
    enum Verdict: Equatable {
        case pass(endedHead: Bool, inHead: Bool)
        case refuse(HTTPFailure)
    }

    let maxRequestLine: Int
    let maxHead: Int

    /// Bytes of the current head (blank lines before it not counted).
    private var headBytes = 0
    private var requestLineDone = false
    /// The head's last four bytes, newest lowest: its end is `\n\n` or `\r\n\r\n`.
    private var tail: UInt32 = 0
    /// The header line being read (at most `maxHead` bytes).
    private var line: [UInt8] = []
    private var announcesBody = false

    init(maxRequestLine: Int, maxHead: Int) {
        (self.maxRequestLine, self.maxHead) = (maxRequestLine, maxHead)
    }

    /// Whether a head has begun and not ended.
    var inHead: Bool { headBytes > 0 }

    /// Reads `bytes`, the next piece of the connection; stops at the first refusal.
    mutating func scan(_ bytes: UnsafeRawBufferPointer) -> Verdict {
        var endedHead = false
        for byte in bytes {
            // Blank lines before a request line are allowed (RFC 9112 §2.2).
            if headBytes == 0, byte == 13 || byte == 10 { continue }
            headBytes += 1
            tail = tail << 8 | UInt32(byte)
            if !requestLineDone {
                if byte == 10 {
                    requestLineDone = true
                } else if headBytes > maxRequestLine {
                    return .refuse(HTTPFailure(414, "uri-too-long", "the request line is longer than \(maxRequestLine) bytes"))
                }
            } else if byte < 14, byte > 9 {
                // LF, VT, FF or CR ends a header line (as Swift's `isNewline` splits one).
                headerLineEnded()
            } else {
                line.append(byte)
            }
            if headBytes > maxHead {
                return .refuse(HTTPFailure(431, "headers-too-large", "the request head is larger than \(maxHead) bytes"))
            }
            if byte == 10, tail & 0xFFFF == 0x0A0A || tail == 0x0D0A_0D0A {
                if announcesBody {
                    return .refuse(HTTPFailure(400, "body-not-allowed", "logoc serve takes no request body: send GET or HEAD without one"))
                }
                headBytes = 0
                requestLineDone = false
                tail = 0
                endedHead = true
            }
        }
        return .pass(endedHead: endedHead, inHead: inHead)
    }

    /// A header line is complete: note it when it announces a body.
    private mutating func headerLineEnded() {
        defer { line.removeAll(keepingCapacity: true) }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return }
        let name = Self.trimmed(line[..<colon])
        if Self.equalsIgnoringCase(name, "transfer-encoding") {
            announcesBody = true
        } else if Self.equalsIgnoringCase(name, "content-length"), !Self.trimmed(line[(colon + 1)...]).elementsEqual([UInt8(ascii: "0")]) {
            announcesBody = true
        }
    }

    /// Without leading and trailing spaces and tabs.
    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let blank: (UInt8) -> Bool = { $0 == 32 || $0 == 9 }
        guard let first = bytes.firstIndex(where: { !blank($0) }), let last = bytes.lastIndex(where: { !blank($0) }) else { return [] }
        return bytes[first...last]
    }

    /// ASCII letters compared without case (`lowercase` is lower case).
    private static func equalsIgnoringCase(_ bytes: ArraySlice<UInt8>, _ lowercase: StaticString) -> Bool {
        guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
        return lowercase.withUTF8Buffer { expected in
            zip(bytes, expected).allSatisfy { byte, wanted in byte == wanted || (byte >= 65 && byte <= 90 && byte | 0x20 == wanted) }
        }
    }
}
