import BeaconSources
import BuiltInFiles
import FoundationEssentials

extension SampleDataSource {
    /// The sample answers compiled into `sitegen`.
    package static let builtIn = SampleDataSource(
        dataDate: sampleDataDate,
        location: { "innebygd eksempeldata, \($0.rawValue).json" },
        contents: { BuiltInFiles.bytes("sample-data/" + $0.rawValue + ".json") }
    )

    /// When the sample answers were fetched from Geoapify (21 November 2026,
    /// noon in Oslo): the date the sample guide shows for its data.
    static let sampleDataDate = Date(timeIntervalSince1970: 1_795_258_800)
}
