package org.praefectus.bridge.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The files that were in a workdir before a mission's first run there, kept under
 * {@code log_dir/missions/<sha256 of mission id and workdir>.json} (0600; the folder 0700) so that they
 * survive restarts: what {@link RunPolicy.DestructiveWrites#MISSION} protects.
 */
final class MissionBaselines {

    private final Path dir;
    private final ObjectMapper json = new ObjectMapper();

    MissionBaselines(Path logDir) {
        this.dir = logDir.resolve("missions");
    }

    /**
     * The mission's baseline in this workdir; at its first run, {@code before} becomes it (recorded before
     * the process starts).
     */
    synchronized Set<String> baseline(String missionId, Path workdir, ArtifactSnapshot before) throws IOException {
        Path file = dir.resolve(key(missionId, workdir) + ".json");
        if (Files.isRegularFile(file)) {
            Map<?, ?> stored = json.readValue(file.toFile(), Map.class);
            Object files = stored.get("files");
            if (files instanceof List<?> list) {
                Set<String> out = new TreeSet<>();
                list.forEach(f -> out.add(String.valueOf(f)));
                return out;
            }
            throw new IOException("the mission baseline " + file.getFileName() + " has no file list");
        }
        Set<String> files = new TreeSet<>(before.files().keySet());
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("mission_id", missionId);
        record.put("host_workdir", workdir.toString());
        record.put("files", files);
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(dir);
            setPrivate(dir, "rwx------");
        }
        Path tmp = dir.resolve(file.getFileName() + ".tmp");
        Files.write(tmp, json.writeValueAsBytes(record));
        setPrivate(tmp, "rw-------");
        try {
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        }
        return files;
    }

    private static void setPrivate(Path path, String permissions) throws IOException {
        try {
            Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(permissions));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: its ACLs come from the parent directory
        }
    }

    private static String key(String missionId, Path workdir) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update(missionId.getBytes(StandardCharsets.UTF_8));
            digest.update((byte) 0);
            digest.update(workdir.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
