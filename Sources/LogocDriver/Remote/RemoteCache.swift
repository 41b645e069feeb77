import Foundation
import LogocCore

/// How a build uses a remote cache (`build --remote-cache URL`).
public struct RemoteCacheSettings: Sendable {
    public var endpoint: HTTPEndpoint
    /// Seconds the server may take to do anything (`--remote-cache-timeout`).
    public var timeout: Double
    /// Whether outputs drawn here are uploaded (`--no-remote-upload`: read only).
    public var upload: Bool

    /// Two seconds: a cache on the CI network answers in milliseconds; one
    /// that takes longer is down, and the build goes on without it.
    public static let defaultTimeout = 2.0

    public init(endpoint: HTTPEndpoint, timeout: Double = Self.defaultTimeout, upload: Bool = true) {
        (self.endpoint, self.timeout, self.upload) = (endpoint, timeout, upload)
    }
}

/// What a build's remote cache did, for the summary and the one warning.
public struct RemoteCacheReport: Sendable, Equatable {
    public var endpoint: String
    /// Specs whose outputs were all downloaded (nothing drawn).
    public var hits = 0
    /// Specs looked up and not found (drawn here).
    public var misses = 0
    /// Specs whose outputs and action result were uploaded.
    public var uploads = 0
    /// Failed requests and wrong answers; each spec concerned was drawn here.
    public var errors = 0
    /// The first error, said once.
    public var firstError: String?
    /// The cache failed as a server (refused, timed out, answered 5xx):
    /// it was not asked again for the rest of the build.
    public var gaveUp = false

    public init(endpoint: String) { self.endpoint = endpoint }
}

/// Bazel's HTTP remote-cache protocol, as a build uses it: `GET`/`PUT`
/// `ac/<action key>` (an `ActionResult`: a spec's outputs with their
/// SHA-256) and `cas/<sha256>` (an output's bytes). A lookup is a hit only
/// when the action result lists every output wanted and each blob's bytes
/// hash to their key; anything else is a miss or an error, and the spec is
/// drawn here. No answer of the cache can fail a build or put a wrong byte
/// in an output: at worst the build is as slow as without it, plus one
/// timeout, since a cache that fails as a server is given up for the rest
/// of the build.
final class RemoteCache: Sendable {
    let settings: RemoteCacheSettings
    private let client: HTTPClient
    private let state: Locked<RemoteCacheReport>

    init(_ settings: RemoteCacheSettings) {
        self.settings = settings
        client = HTTPClient(endpoint: settings.endpoint, timeout: settings.timeout)
        state = Locked(RemoteCacheReport(endpoint: settings.endpoint.display))
    }

    var report: RemoteCacheReport { state.withLock { $0 } }

    private var isOff: Bool { state.withLock { $0.gaveUp } }

    /// One downloaded output: its bytes, verified against the action result's line.
    struct Blob {
        var bytes: [UInt8]
        var output: ActionResult.Output
    }

    /// The bytes of each of `wanted` (output paths) under `action`, or nil
    /// (a miss, an error, or the cache given up): then the caller draws.
    func fetch(action: String, wanted: [String]) -> [String: Blob]? {
        guard !isOff else { return nil }
        let acPath = "/ac/" + action
        guard let answer = ask(acPath, limit: ActionResult.byteLimit) else { return nil }
        guard let body = answer else { return miss() }
        guard let result = ActionResult(decoding: body) else {
            return error("ac/\(action) is not a logoc action result (\(body.count) bytes); the spec was drawn here")
        }
        var byPath: [String: ActionResult.Output] = [:]
        for output in result.outputs where byPath[output.path] == nil { byPath[output.path] = output }
        var blobs: [String: Blob] = [:]
        for path in wanted {
            guard let output = byPath[path] else { return miss() }
            if let known = blobs.values.first(where: { $0.output.sha256 == output.sha256 }) {
                blobs[path] = Blob(bytes: known.bytes, output: output)
                continue
            }
            guard let answer = ask("/cas/" + output.sha256, limit: output.size) else { return nil }
            guard let bytes = answer else { return miss() }
            guard bytes.count == output.size, SHA256.hex(bytes) == output.sha256 else {
                return error("cas/\(output.sha256) holds \(bytes.count) bytes that do not hash to their key; the spec was drawn here")
            }
            blobs[path] = Blob(bytes: bytes, output: output)
        }
        state.withLock { $0.hits += 1 }
        return blobs
    }

    /// Uploads each blob, then the action result that names them (in that
    /// order: an action result never names a blob the cache lacks).
    func store(action: String, result: ActionResult, blobs: [(sha256: String, bytes: [UInt8])]) {
        guard settings.upload, !isOff, let encoded = result.encoded else { return }
        var sent: Set<String> = []
        for blob in blobs where sent.insert(blob.sha256).inserted {
            guard put("/cas/" + blob.sha256, blob.bytes) else { return }
        }
        guard put("/ac/" + action, encoded) else { return }
        state.withLock { $0.uploads += 1 }
    }

    // MARK: Requests

    /// GET: nil when the request failed (counted, and the cache given up);
    /// `.some(nil)` for 404; the body for 200.
    private func ask(_ path: String, limit: Int) -> [UInt8]?? {
        switch client.get(path, limit: limit) {
        case .failure(let failure) where failure.tooLong:
            // More bytes than the action result says: a wrong entry; the cache is still asked for other specs.
            _ = error("GET \(path.prefix(12))…: \(failure.message); the spec was drawn here")
            return nil
        case .failure(let failure):
            giveUp("GET \(path.prefix(12))…: \(failure.message)")
            return nil
        case .success(let response) where response.status == 200:
            return .some(response.body)
        case .success(let response) where response.status == 404:
            return .some(nil)
        case .success(let response):
            giveUp("GET \(path.prefix(12))… answered HTTP \(response.status)")
            return nil
        }
    }

    private func put(_ path: String, _ bytes: [UInt8]) -> Bool {
        switch client.put(path, body: bytes) {
        case .failure(let failure):
            giveUp("PUT \(path.prefix(12))…: \(failure.message)")
            return false
        case .success(let response) where (200...299).contains(response.status):
            return true
        case .success(let response):
            // bazel-remote refuses an `ac/` entry that is not Bazel's protobuf unless told not to.
            let hint = response.status == 400 && path.hasPrefix("/ac/") ? " (bazel-remote: start it with --disable_http_ac_validation)" : ""
            giveUp("PUT \(path.prefix(12))… answered HTTP \(response.status)\(hint)")
            return false
        }
    }

    private func miss() -> [String: Blob]? {
        state.withLock { $0.misses += 1 }
        return nil
    }

    /// A wrong answer for one spec: counted; the cache is still asked for the others.
    private func error(_ message: String) -> [String: Blob]? {
        state.withLock {
            $0.errors += 1
            if $0.firstError == nil { $0.firstError = message }
        }
        return nil
    }

    /// The cache failed as a server: counted once, and not asked again.
    private func giveUp(_ message: String) {
        state.withLock {
            $0.errors += 1
            if $0.firstError == nil { $0.firstError = message }
            $0.gaveUp = true
        }
    }
}
