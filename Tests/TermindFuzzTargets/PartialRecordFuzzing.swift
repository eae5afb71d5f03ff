import Foundation
import TermindApplication
import TermindInfrastructure

/// A partial-transfer record and a placement record as `cp --resume` reads them from
/// `partials/` (files that may be damaged or planted): what loads must be for the destination
/// asked about, in the current layout; anything else is no record.
enum PartialRecordFuzzing {
    private static let destination = TransferAddress(location: "local", path: "/srv/data/file.bin")
    private static let sources = [TransferAddress(location: "backup", path: "/var/file.bin")]

    static let target = FuzzTarget("partial-records", "a partial-transfer or placement record (JSON)") { input throws(FuzzFinding) in
        try FuzzFile.inDirectory { directory throws(FuzzFinding) in
            let store = PartialTransferFiles(directory: directory)
            try FuzzFile.write(input, to: store.file(for: destination))
            try FuzzFile.write(input, to: store.placementFile(sources: sources, destination: destination))
            let (record, placement) = FuzzFile.wait {
                (try? await store.load(destination: destination),
                 try? await store.loadPlacement(sources: sources, destination: destination))
            }
            if let record {
                try FuzzFinding.require(
                    record.destination == destination && record.version == PartialTransferRecord.currentVersion,
                    "a record for \(record.destination), version \(record.version), loaded for \(destination)")
            }
            if let placement {
                try FuzzFinding.require(
                    placement.destination == destination && placement.sources == sources,
                    "a placement for \(placement.sources) to \(placement.destination) loaded for others")
            }
        }
    }
}
