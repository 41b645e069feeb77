import Foundation
import Testing
@testable import LogocServer

/// The request-head limits `RequestHeadGuard` checks on raw bytes, in
/// whatever pieces they arrive.
struct HeadScannerTests {
    /// The verdicts of `text` fed in pieces of `piece` bytes: the first
    /// refusal, or the last piece's.
    func scan(_ text: String, piece: Int = .max, maxRequestLine: Int = 100, maxHead: Int = 200) -> [HeadScanner.Verdict] {
        var scanner = HeadScanner(maxRequestLine: maxRequestLine, maxHead: maxHead)
        let bytes = Array(text.utf8)
        var verdicts: [HeadScanner.Verdict] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + min(piece, bytes.count))
            let verdict = bytes[start..<end].withUnsafeBytes { scanner.scan($0) }
            verdicts.append(verdict)
            if case .refuse = verdict { break }
            start = end
        }
        return verdicts
    }

    func refusal(_ text: String, piece: Int = .max, maxRequestLine: Int = 100, maxHead: Int = 200) -> Int? {
        guard case .refuse(let failure)? = scan(text, piece: piece, maxRequestLine: maxRequestLine, maxHead: maxHead).last else { return nil }
        return failure.status
    }

    @Test func bodiesAnnouncedInTheHeadAreRefusedInAnyPieces() {
        for piece in [1, 2, 3, 7, Int.max] {
            #expect(refusal("GET / HTTP/1.1\r\nContent-Length: 5\r\n\r\n", piece: piece) == 400, "\(piece)")
            #expect(refusal("GET / HTTP/1.1\r\nHost: x\r\ntransfer-encoding: chunked\r\n\r\n", piece: piece) == 400)
            #expect(refusal("GET / HTTP/1.1\r\n  CONTENT-length \t:  12 \r\n\r\n", piece: piece) == 400)
            #expect(refusal("GET / HTTP/1.1\nContent-Length: 1\n\n", piece: piece) == 400)
            #expect(refusal("GET / HTTP/1.1\r\nContent-Length: 0\r\n\r\n", piece: piece) == nil)
            #expect(refusal("GET / HTTP/1.1\r\nContent-Length:0\r\n\r\n", piece: piece) == nil)
            #expect(refusal("GET /content-length:5 HTTP/1.1\r\nHost: x\r\n\r\n", piece: piece) == nil)
            #expect(refusal("GET / HTTP/1.1\r\nX-Content-Length: 5\r\nTransfer-Encodings: x\r\n\r\n", piece: piece) == nil)
        }
        // A second, pipelined head is checked on its own: the first's headers do not carry over.
        #expect(refusal("GET / HTTP/1.1\r\nHost: x\r\n\r\nGET / HTTP/1.1\r\nContent-Length: 3\r\n\r\n") == 400)
        #expect(refusal("GET / HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n") == nil)
    }

    @Test func longRequestLinesAndHeadsAreRefused() {
        let line = "GET /" + String(repeating: "a", count: 100) + " HTTP/1.1\r\n\r\n"
        for piece in [1, 5, Int.max] {
            #expect(refusal(line, piece: piece) == 414)
            #expect(refusal("GET / HTTP/1.1\r\nX-A: " + String(repeating: "b", count: 200) + "\r\n\r\n", piece: piece) == 431)
        }
        // The limits are per head: many small pipelined heads pass.
        #expect(refusal(String(repeating: "GET /x HTTP/1.1\r\nHost: x\r\n\r\n", count: 40)) == nil)
        // Blank lines before a request line do not count.
        #expect(refusal("\r\n\r\n" + String(repeating: "\r\n", count: 300) + "GET / HTTP/1.1\r\n\r\n") == nil)
    }

    @Test func saysWhetherAHeadEndedAndWhetherOneIsUnderWay() {
        #expect(scan("GET / HTTP/1.1\r\nHost: x\r\n\r\n") == [.pass(endedHead: true, inHead: false)])
        #expect(scan("GET / HTTP/1.1\r\nHo") == [.pass(endedHead: false, inHead: true)])
        #expect(scan("GET / HTTP/1.1\r\n\r\nGET /b HT") == [.pass(endedHead: true, inHead: true)])
        #expect(scan("GET / HTTP/1.1\r\n\r\n", piece: 9) == [.pass(endedHead: false, inHead: true), .pass(endedHead: true, inHead: false)])
        #expect(scan("\r\n") == [.pass(endedHead: false, inHead: false)])
    }
}
