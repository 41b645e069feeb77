/// Straight (not premultiplied) RGBA, 8 bits per channel, rows packed: what
/// the WebP, AVIF and JPEG encoders take.
extension PixelView {
    /// The pixels as straight RGBA, un-premultiplied exactly as the PNG
    /// encoder does it (`c' = (c·255 + a/2) / a`, Cairo's own formula), so
    /// that a lossless WebP decodes to the very bytes a PNG of the same
    /// drawing holds.
    public func straightRGBA() -> [UInt8] {
        let rowBytes = width * 4
        var out = [UInt8](repeating: 0, count: rowBytes * height)
        guard let source = bytes.baseAddress, rowBytes > 0, stride >= rowBytes, bytes.count >= stride * (height - 1) + rowBytes else { return out }
        unpremultiplyTable.withUnsafeBufferPointer { table in
            guard let table = table.baseAddress else { return }
            out.withUnsafeMutableBufferPointer { destination in
                guard let destination = destination.baseAddress else { return }
                for y in 0..<height {
                    PNGEncoder.convertRow(source + y * stride, to: destination + y * rowBytes, width: width, table: table)
                }
            }
        }
        return out
    }
}
