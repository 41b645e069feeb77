import LogocCore

extension RenderTree {
    /// A stable, line-per-fact text form: the golden files of the resolver.
    /// Numbers are printed with at most 3 decimals so that float noise below
    /// a thousandth of a pixel never changes a golden.
    public func dump() -> String {
        var lines = ["RenderTree size=\(size)"]
        switch shape {
        case .circle: lines.append("  shape circle")
        case .square: lines.append("  shape square")
        case .roundRect(let r): lines.append("  shape roundRect radius=\(n(r))")
        }
        switch background {
        case .solid(let c):
            lines.append("  background solid \(c)")
        case .linear(let from, let to, let stops):
            lines.append("  background linear from=\(p(from)) to=\(p(to))")
            lines += stops.map { "    stop \(n($0.offset)) \($0.color)" }
        case .radial(let center, let radius, let stops):
            lines.append("  background radial center=\(p(center)) radius=\(n(radius))")
            lines += stops.map { "    stop \(n($0.offset)) \($0.color)" }
        case .image(let image):
            lines.append("  background image \(NSStringLike(path: image.path).lastComponent) \(image.pixelWidth)x\(image.pixelHeight)"
                + " placement=\(n(image.placement.x)),\(n(image.placement.y)) \(n(image.placement.width))x\(n(image.placement.height)) underlay=\(image.underlay)")
        }
        if let border { lines.append("  border width=\(n(border.width)) color=\(border.color)") }
        if let text {
            lines.append("  text \(JSON.quote(text.text))")
            let font = text.font
            lines.append("    font " + (font.file.map { "file=" + NSStringLike(path: $0).lastComponent } ?? "family=\(JSON.quote(font.family ?? ""))")
                + " weight=\(font.weight) italic=\(font.italic)")
            switch text.size {
            case .pixels(let px): lines.append("    size \(n(px))")
            case .auto(let maximum): lines.append("    size auto max=\(n(maximum))")
            }
            for (label, area) in [("safeArea", text.safeArea), ("inkArea", text.inkArea)] {
                switch area {
                case .circle(let c, let r): lines.append("    \(label) circle center=\(p(c)) radius=\(n(r))")
                case .rect(let r): lines.append("    \(label) rect \(n(r.x)),\(n(r.y)) \(n(r.width))x\(n(r.height))")
                }
            }
            lines.append("    color \(text.color)")
            lines.append("    minimumContrast " + (text.minimumContrast.map(n) ?? "off"))
            if !text.colorVision.isEmpty { lines.append("    colorVision " + text.colorVision.map(\.rawValue).joined(separator: ",")) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func p(_ point: Point) -> String { "\(n(point.x)),\(n(point.y))" }

    private func n(_ v: Double) -> String {
        let rounded = (v * 1000).rounded() / 1000
        if rounded == rounded.rounded() { return String(Int(saturating: rounded)) }
        var s = String(rounded)
        while s.hasSuffix("0") { s.removeLast() }
        return s
    }
}

/// The last path component without Foundation (this module imports none).
private struct NSStringLike {
    let path: String
    var lastComponent: String { path.split(separator: "/").last.map(String.init) ?? path }
}

