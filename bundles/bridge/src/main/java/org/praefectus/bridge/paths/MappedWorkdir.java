package org.praefectus.bridge.paths;

import java.nio.file.Path;

/**
 * A validated working directory.
 *
 * @param containerPath the path as the worker named it
 * @param hostPath      its real path on the host (symlinks resolved), inside an allowed root and outside
 *                      every deny root
 */
public record MappedWorkdir(String containerPath, Path hostPath) {}
