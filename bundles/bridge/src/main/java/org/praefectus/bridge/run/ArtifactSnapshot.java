package org.praefectus.bridge.run;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The regular files under a directory: relative path → size, mtime and SHA-256. Symlinks are recorded as
 * entries of their own and never followed, so a link cannot make the bridge read outside the workdir.
 * At most {@value #MAX_FILES} files are taken; {@link #truncated()} says when there were more.
 */
public record ArtifactSnapshot(Map<String, Entry> files, boolean truncated) {

    public static final int MAX_FILES = 20_000;

    public record Entry(long size, long mtimeMillis, String sha256) {}

    /** created / modified / deleted, each a sorted list of relative paths. */
    public record Diff(List<String> created, List<String> modified, List<String> deleted) {
        public List<String> all() {
            List<String> all = new ArrayList<>(created);
            all.addAll(modified);
            all.addAll(deleted);
            all.sort(null);
            return all;
        }
    }

    public static ArtifactSnapshot take(Path root) {
        return take(root, List.of());
    }

    /**
     * The snapshot without the folders in {@code excluded} (the bridge's own log folder, which a run in the
     * workspace root would otherwise list among its changed files, with every other run's logs).
     */
    public static ArtifactSnapshot take(Path root, List<Path> excluded) {
        Map<String, Entry> files = new TreeMap<>();
        boolean[] truncated = {false};
        List<Path> skipped =
                excluded.stream().map(ArtifactSnapshot::realOrNormal).toList();
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    for (Path skip : skipped) {
                        if (dir.startsWith(skip)) {
                            return FileVisitResult.SKIP_SUBTREE;
                        }
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    if (files.size() >= MAX_FILES) {
                        truncated[0] = true;
                        return FileVisitResult.TERMINATE;
                    }
                    String rel = root.relativize(file).toString();
                    if (attrs.isSymbolicLink()) {
                        files.put(rel, new Entry(0, attrs.lastModifiedTime().toMillis(), "symlink"));
                    } else if (attrs.isRegularFile()) {
                        files.put(
                                rel,
                                new Entry(attrs.size(), attrs.lastModifiedTime().toMillis(), sha256(file)));
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            // an unreadable root leaves the snapshot empty; the diff then reports what it can
        }
        return new ArtifactSnapshot(files, truncated[0]);
    }

    public Diff diff(ArtifactSnapshot after) {
        List<String> created = new ArrayList<>();
        List<String> modified = new ArrayList<>();
        List<String> deleted = new ArrayList<>();
        for (Map.Entry<String, Entry> e : after.files.entrySet()) {
            Entry before = files.get(e.getKey());
            if (before == null) {
                created.add(e.getKey());
            } else if (!Objects.equals(before, e.getValue())) {
                modified.add(e.getKey());
            }
        }
        for (String path : files.keySet()) {
            if (!after.files.containsKey(path)) {
                deleted.add(path);
            }
        }
        return new Diff(created, modified, deleted);
    }

    private static Path realOrNormal(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return path.toAbsolutePath().normalize();
        }
    }

    private static String sha256(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[64 * 1024];
            int n;
            while ((n = in.read(buffer)) > 0) {
                digest.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (IOException e) {
            return "unreadable";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
