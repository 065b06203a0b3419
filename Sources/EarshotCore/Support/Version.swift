/// The version written into manifests and render caches; bump when output changes.
public let earshotVersion = "0.1.0"
