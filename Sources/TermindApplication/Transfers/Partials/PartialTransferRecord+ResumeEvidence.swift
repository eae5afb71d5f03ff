import TermindDomain

extension PartialTransferRecord {
    /// This record as `ResumeVerdict.decide` reads it, for a copy of `source` whose partial is
    /// at `partialPath`.
    func resumeEvidence(source: TransferAddress, partialPath: String) -> ResumeVerdict.Record {
        ResumeVerdict.Record(
            describesThisSource: version == Self.currentVersion && self.source == source,
            namesThisPartial: self.partialPath == partialPath, sourceSize: sourceSize, sourceModified: sourceModified,
            verifiedBytes: verifiedBytes, sha256: sha256, startedAt: startedAt, savedAt: savedAt)
    }
}
