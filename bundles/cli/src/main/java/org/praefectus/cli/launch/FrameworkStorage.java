package org.praefectus.cli.launch;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Where the framework keeps its bundle cache. A start reuses one of a few per-user slots
 * ({@code $XDG_CACHE_HOME/praefectus/framework-KEY-N}, KEY the bundle set's key): the framework finds its
 * bundles installed and only resolves and starts them. A slot is held with an exclusive file lock for the
 * life of the process (the OS releases it when the process dies, kill -9 included), so concurrent commands
 * never share a cache; when every slot is taken the start uses a private temporary folder, deleted at exit,
 * as before. Nothing a command does survives in a slot: bundles start transiently and ConfigAdmin keeps its
 * configurations in memory ({@code felix.cm.pm=memory}).
 */
final class FrameworkStorage implements AutoCloseable {

    static final String PREFIX = "framework-";
    static final int SLOTS = 4;

    private final Path folder;
    private final FileChannel lockFile;
    private final FileLock lock;

    private FrameworkStorage(Path folder, FileChannel lockFile, FileLock lock) {
        this.folder = folder;
        this.lockFile = lockFile;
        this.lock = lock;
    }

    /** A kept slot for the bundle set {@code key} when one is free, else a private temporary folder. */
    static FrameworkStorage acquire(String key) throws IOException {
        return acquire(BundleCache.root(), key);
    }

    static FrameworkStorage acquire(Path root, String key) throws IOException {
        Files.createDirectories(
                root, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        for (int slot = 0; slot < SLOTS; slot++) {
            Path folder = root.resolve(PREFIX + key + "-" + slot);
            FrameworkStorage held = tryLock(folder);
            if (held != null) {
                removeOtherKeys(root, key);
                return held;
            }
        }
        return temporary();
    }

    /** A private folder deleted at exit: what every start used before slots, and the fallback. */
    static FrameworkStorage temporary() throws IOException {
        return new FrameworkStorage(Files.createTempDirectory("praefectus-framework-"), null, null);
    }

    Path folder() {
        return folder;
    }

    /** Whether the folder outlives this process (a slot) rather than being deleted at exit. */
    boolean kept() {
        return lock != null;
    }

    /** Empties a kept slot that failed to start, so that the next start installs afresh. */
    void discard() {
        BundleCache.deleteContents(folder, Path.of(".lock"));
    }

    @Override
    public void close() {
        if (lock == null) {
            BundleCache.delete(folder);
            return;
        }
        try {
            lock.release();
            lockFile.close();
        } catch (IOException ignored) {
            // the lock goes with the process anyway
        }
    }

    private static FrameworkStorage tryLock(Path folder) throws IOException {
        Files.createDirectories(
                folder, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        FileChannel channel =
                FileChannel.open(folder.resolve(".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        try {
            FileLock lock = channel.tryLock();
            if (lock != null) {
                return new FrameworkStorage(folder, channel, lock);
            }
        } catch (OverlappingFileLockException heldInThisJvm) {
            // another start in this JVM holds it (tests): take the next slot
        }
        channel.close();
        return null;
    }

    /** Slots of bundle sets other than {@code key} (older builds of the jar) that nobody holds. */
    private static void removeOtherKeys(Path root, String key) {
        try (DirectoryStream<Path> slots = Files.newDirectoryStream(root, PREFIX + "*")) {
            for (Path slot : slots) {
                if (slot.getFileName().toString().startsWith(PREFIX + key + "-")) {
                    continue;
                }
                FrameworkStorage stale = tryLock(slot);
                if (stale != null) {
                    // deleted while locked, so that no start of that older jar can be using it meanwhile
                    BundleCache.delete(slot);
                    stale.close();
                }
            }
        } catch (IOException ignored) {
            // an old slot left behind costs disk space, nothing else
        }
    }
}
