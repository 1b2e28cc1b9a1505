/// The options that decide what a build makes, declared once and taken alike by `build` and `serve
/// --watch`, which reads them as `BuildCommand.buildOptions` does, with its own `--output`.
protocol BuildInputOptions: CommandOptions {
    var output: Option<String?> { get }
    var places: Option<String?> { get }
    var category: Option<String?> { get }
    var refresh: Option<Bool> { get }
    var offline: Option<Bool> { get }
    var force: Option<Bool> { get }
}

extension BuildInputOptions {
    /// The inputs, in the order help lists them (`--output` aside): `serve` takes them only with
    /// `--watch`.
    static var inputs: [PartialKeyPath<Self>] {
        [\.places, \.category, \.refresh, \.offline, \.force]
    }
}

/// The build inputs' declarations.
enum BuildInputs {
    static let places = Option<String?>(
        "--places", valueName: "FIL", help: "bygg fra en GeoJSON-fil med steder i stedet for API-et"
    )
    static let category = Option<String?>(
        "--category", valueName: "KATEGORI",
        help:
            "kategori for steder i --places-filen som mangler en (en av guidens kategorier, for eksempel cafe)"
    )
    static let refresh = Option(
        flag: "--refresh", help: "hent på nytt fra API-et selv om mellomlageret er ferskt")
    static let offline = Option(
        flag: "--offline", help: "bruk bare mellomlageret, ingen nettverkskall")
    static let force = Option(
        flag: "--force", help: "bygg alle sider på nytt selv om ingenting er endret")
}
