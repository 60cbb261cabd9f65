package org.praefectus.bridge.paths;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.praefectus.bridge.config.BridgeSettings;

/**
 * Maps a container path to a host path and proves it may be used.
 *
 * <ol>
 *   <li>Both container paths are split into components; the target must start with every component of the
 *       container root ({@code /app/workspace2} is not under {@code /app/workspace}). Empty, {@code .},
 *       {@code ..} components, NUL and control characters are refused, never normalised away.</li>
 *   <li>The request's host root must be the configured one; the remaining components are appended to it.</li>
 *   <li>The result is resolved to its real path (every symlink followed) and must be an existing
 *       directory inside an allowed root and outside every deny root, both compared component by component
 *       against the roots' own real paths.</li>
 * </ol>
 * Files that need not exist yet (expected outputs) are checked through their nearest existing ancestor;
 * Praetor names them relative to the workdir or under {@value #PRAETOR_CONTAINER_ROOT} too.
 * Just before a process starts, {@link #revalidate} resolves the directory again, so a symlink swapped in
 * after validation is caught. The bridge's own folders (its log folder) are denied like a deny root, even
 * when the configuration places them inside an allowed root.
 */
public final class PathMapper {

    /** The container root Praetor's own API mode writes under ({@code /workspace/Projects/Alpha/PROJECT.md}). */
    public static final String PRAETOR_CONTAINER_ROOT = "/workspace";

    private final BridgeSettings.Paths paths;
    private final List<Path> bridgeOwned;

    public PathMapper(BridgeSettings.Paths paths) {
        this(paths, List.of());
    }

    /**
     * @param bridgeOwned folders of the bridge itself (its log folder): always denied, whatever the
     *     configured roots say, because Praetor's installer puts the log folder inside the workspace
     */
    public PathMapper(BridgeSettings.Paths paths, List<Path> bridgeOwned) {
        this.paths = paths;
        this.bridgeOwned = List.copyOf(bridgeOwned);
    }

    /** Maps and validates the run's working directory. */
    public MappedWorkdir mapWorkdir(String containerRoot, String hostRoot, String targetWorkdir)
            throws PermissionException {
        checkHostRoot(hostRoot);
        List<String> rel = relativeComponents(containerRoot, targetWorkdir);
        Path candidate = append(paths.hostWorkspaceRoot(), rel);
        Path real;
        try {
            real = candidate.toRealPath();
        } catch (IOException e) {
            throw new PermissionException("target_workdir does not exist on the host.");
        }
        if (!Files.isDirectory(real, LinkOption.NOFOLLOW_LINKS)) {
            throw new PermissionException("target_workdir is not a directory.");
        }
        checkAllowed(real);
        return new MappedWorkdir(targetWorkdir, real);
    }

    /**
     * Maps a file path inside the container workspace (an input file); it need not exist, but its nearest
     * existing ancestor's real path must be allowed and not denied.
     */
    public Path mapFile(String containerRoot, String containerPath) throws PermissionException {
        return checkedFile(append(paths.hostWorkspaceRoot(), relativeComponents(containerRoot, containerPath)));
    }

    /**
     * Maps a file as Praetor names it, relative to the run: a relative path is under the target workdir, a
     * path under the request's container root or under Praetor's own container root ({@value
     * #PRAETOR_CONTAINER_ROOT}) is under the host workspace root. The result is checked as {@link #mapFile}.
     */
    public Path mapRunFile(String containerRoot, MappedWorkdir workdir, String path) throws PermissionException {
        if (path == null || path.isEmpty() || path.indexOf('\0') >= 0) {
            throw new PermissionException("Empty path.");
        }
        if (!path.startsWith("/")) {
            return checkedFile(append(workdir.hostPath(), components("/" + path)));
        }
        List<String> full = components(path);
        for (String root : List.of(containerRoot, PRAETOR_CONTAINER_ROOT)) {
            List<String> prefix = components(root);
            if (full.size() >= prefix.size() && full.subList(0, prefix.size()).equals(prefix)) {
                return checkedFile(append(paths.hostWorkspaceRoot(), full.subList(prefix.size(), full.size())));
            }
        }
        throw new PermissionException("Target path is outside the container workspace root.");
    }

    /**
     * An expected output: mapped as {@link #mapRunFile}, or empty when it cannot be (outside every root,
     * denied, malformed). Expected outputs grant nothing, so such a path is reported unchecked, never read
     * and never a reason to refuse the run.
     */
    public Optional<Path> expectedOutput(String containerRoot, MappedWorkdir workdir, String path) {
        try {
            return Optional.of(mapRunFile(containerRoot, workdir, path));
        } catch (PermissionException e) {
            return Optional.empty();
        }
    }

    private Path checkedFile(Path candidate) throws PermissionException {
        Path existing = candidate;
        List<String> missing = new ArrayList<>();
        while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
            missing.add(0, existing.getFileName().toString());
            existing = existing.getParent();
        }
        if (existing == null) {
            throw new PermissionException("Path has no existing ancestor on the host.");
        }
        Path real;
        try {
            real = existing.toRealPath();
        } catch (IOException e) {
            throw new PermissionException("Path cannot be resolved on the host.");
        }
        Path resolved = append(real, missing);
        checkAllowed(resolved);
        return resolved;
    }

    /** Resolves the directory again just before use: its real path must not have moved. */
    public void revalidate(MappedWorkdir workdir) throws PermissionException {
        Path now;
        try {
            now = workdir.hostPath().toRealPath();
        } catch (IOException e) {
            throw new PermissionException("target_workdir disappeared before the run started.");
        }
        if (!now.equals(workdir.hostPath())) {
            throw new PermissionException("target_workdir changed (symlink) after validation.");
        }
        checkAllowed(now);
    }

    private void checkHostRoot(String hostRoot) throws PermissionException {
        if (hostRoot == null || hostRoot.indexOf('\0') >= 0) {
            throw new PermissionException("host_workspace_root mismatch.");
        }
        List<String> given;
        List<String> configured;
        try {
            given = components(hostRoot);
            configured = components(paths.hostWorkspaceRoot().toString());
        } catch (PermissionException e) {
            throw new PermissionException("host_workspace_root mismatch.");
        }
        if (!given.equals(configured)) {
            throw new PermissionException("host_workspace_root mismatch.");
        }
    }

    private static List<String> relativeComponents(String containerRoot, String target) throws PermissionException {
        List<String> root = components(containerRoot);
        List<String> full = components(target);
        if (full.size() < root.size() || !full.subList(0, root.size()).equals(root)) {
            throw new PermissionException("Target path is outside the container workspace root.");
        }
        return full.subList(root.size(), full.size());
    }

    /** Splits an absolute POSIX path; refuses anything a normaliser would have to rewrite. */
    static List<String> components(String path) throws PermissionException {
        if (path == null || !path.startsWith("/")) {
            throw new PermissionException("Paths must be absolute.");
        }
        List<String> parts = new ArrayList<>();
        String[] raw = path.substring(1).split("/", -1);
        for (int i = 0; i < raw.length; i++) {
            String part = raw[i];
            if (part.isEmpty()) {
                if (i == raw.length - 1) {
                    continue; // one trailing slash
                }
                throw new PermissionException("Empty path component.");
            }
            if (part.equals(".") || part.equals("..")) {
                throw new PermissionException("Relative path components are not allowed.");
            }
            for (int c = 0; c < part.length(); c++) {
                char ch = part.charAt(c);
                if (ch < 0x20 || ch == 0x7f || ch == '\\') {
                    throw new PermissionException("Control or escape characters in path.");
                }
            }
            parts.add(part);
        }
        return parts;
    }

    private static Path append(Path base, List<String> components) {
        Path p = base;
        for (String c : components) {
            p = p.resolve(c);
        }
        return p;
    }

    private void checkAllowed(Path real) throws PermissionException {
        boolean allowed = false;
        for (Path root : paths.allowedRoots()) {
            if (real.startsWith(realOrNormal(root))) {
                allowed = true;
                break;
            }
        }
        if (!allowed) {
            throw new PermissionException("Target path is outside allowed roots.");
        }
        for (Path owned : bridgeOwned) {
            if (real.startsWith(realOrNormal(owned)) || real.startsWith(owned)) {
                throw new PermissionException("Target path is inside the bridge's log folder.");
            }
        }
        for (Path deny : paths.denyRoots()) {
            if (real.startsWith(realOrNormal(deny)) || real.startsWith(deny)) {
                throw new PermissionException("Target path is inside denied roots.");
            }
        }
    }

    private static Path realOrNormal(Path root) {
        try {
            return root.toRealPath();
        } catch (IOException e) {
            return root.normalize();
        }
    }
}
