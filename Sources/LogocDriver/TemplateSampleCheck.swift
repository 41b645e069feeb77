import LogocCore
import LogocFrontend
import LogocRender

/// What only pixels tell about a template (`template: true`): the front end
/// checked it on every auto colour and on the sample names' fonts
/// (`TemplateCheck`); here the spec of each sample name with initials of
/// another shape is planned as a spec is (`SpecPlan`: text too small in a
/// file, W004; characters Pango cannot draw, E016; contrast over a gradient
/// or a photo), so `check` and `build` refuse a template that some script
/// breaks. One plan per distinct initials, not per name: `JD` and `ZO`
/// need one measure each, but `王` and `김` are different shapes.
enum TemplateSampleCheck {
    /// The diagnostics (each once per code and place, naming the first
    /// name that fails) and machine failures of planning `template`'s sample specs.
    static func run(_ template: CheckedSpec, resolver: Resolver, renderer: () throws(RenderError) -> Renderer) -> (diagnostics: [Diagnostic], failures: [String]) {
        var diagnostics: [Diagnostic] = []
        var failures: [String] = []
        var shapes: Set<String> = []
        for person in TemplateCheck.sampleNames {
            let spec = template.instance(person: person, file: template.name)
            guard shapes.insert(spec.variants.map { $0.text?.value.shown?.value ?? "" }.joined(separator: "\u{0}")).inserted else { continue }
            let plan = SpecPlan(spec: spec, resolver: resolver, renderer: renderer)
            failures += plan.failures.filter { !failures.contains($0) }
            for found in plan.diagnostics where !diagnostics.contains(where: { $0.code == found.code && $0.span == found.span }) {
                var d = found
                d.message = "with the name '\(person)': " + d.message
                diagnostics.append(d)
            }
        }
        return (diagnostics.normalized(), failures)
    }
}
