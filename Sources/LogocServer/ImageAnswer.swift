import HTTPTypes
import LogocFrontend
import NIOCore

/// The answer to a GET or HEAD of a picture the server has, from its cache
/// or just drawn: status, headers and body, made in one place so a hit and
/// the miss before it say the same (a test compares them).
struct ImageAnswer {
    var status: HTTPResponse.Status
    /// Every header but `Date`, which whoever writes the answer adds last.
    var fields: HTTPFields
    /// nil: no body is sent (a 304, or HEAD, whose `Content-Length` still
    /// says the picture's length).
    var body: ByteBuffer?

    /// `Cache-Control` of a template avatar: the same name always draws the
    /// same picture until the template changes, which is rare; a day fresh,
    /// then served stale for a week while revalidated (304s cost nothing).
    static let templateCacheControl = "public, max-age=86400, stale-while-revalidate=604800"
    /// Of a spec's image, which changes when someone edits the spec: a
    /// minute fresh, so an edit shows within a minute behind a CDN.
    static let specCacheControl = "public, max-age=60, stale-while-revalidate=600"
    /// `X-Logoc-Cache: hit|miss`. The literal is a valid field name (no
    /// input reaches it; the serve tests read the header), made once.
    static let cacheField = HTTPField.Name("X-Logoc-Cache")!

    /// `ifNoneMatch`: the request's `If-None-Match`; when it matches the
    /// picture's `ETag`, a 304 without a body.
    init(_ entry: ImageCache.Entry, format: OutputFile.Format, isTemplate: Bool, hit: Bool, ifNoneMatch: String?, isHead: Bool) {
        var fields = HTTPFields()
        fields.reserveCapacity(6)
        fields.append(HTTPField(name: .eTag, value: entry.etag))
        fields.append(HTTPField(name: .cacheControl, value: isTemplate ? Self.templateCacheControl : Self.specCacheControl))
        fields.append(HTTPField(name: Self.cacheField, value: hit ? "hit" : "miss"))
        if let ifNoneMatch, EntityTag.matches(ifNoneMatch, entry.etag) {
            fields.append(HTTPField(name: .contentLength, value: "0"))
            (status, self.fields, body) = (.notModified, fields, nil)
            return
        }
        fields.append(HTTPField(name: .contentType, value: Self.contentType(format)))
        fields.append(HTTPField(name: .contentLength, value: entry.length))
        (status, self.fields, body) = (.ok, fields, isHead ? nil : entry.body)
    }

    static func contentType(_ format: OutputFile.Format) -> String {
        switch format {
        case .png: "image/png"
        case .svg: "image/svg+xml"
        case .webp: "image/webp"
        case .avif: "image/avif"
        case .jpeg: "image/jpeg"
        case .pdf: "application/pdf"
        }
    }
}
