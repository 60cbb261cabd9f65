package org.praefectus.cli.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FrameworkStorageTest {

    private static final String KEY = "0123456789abcdef0123";

    @TempDir
    Path cache;

    @Test
    void aFreeSlotIsKeptOwnerOnlyAndReusedOnceReleased() throws Exception {
        Path first;
        try (FrameworkStorage storage = FrameworkStorage.acquire(cache, KEY)) {
            assertTrue(storage.kept());
            first = storage.folder();
            assertEquals(cache.resolve("framework-" + KEY + "-0"), first);
            assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(first)));
            Files.writeString(first.resolve("bundle1"), "installed");
        }
        try (FrameworkStorage again = FrameworkStorage.acquire(cache, KEY)) {
            assertEquals(first, again.folder());
            assertEquals("installed", Files.readString(first.resolve("bundle1")), "a kept slot keeps its bundles");
        }
    }

    @Test
    void concurrentStartsNeverShareASlotAndTheOverflowIsPrivateAndDeleted() throws Exception {
        List<FrameworkStorage> held = new ArrayList<>();
        try {
            for (int slot = 0; slot < FrameworkStorage.SLOTS; slot++) {
                FrameworkStorage storage = FrameworkStorage.acquire(cache, KEY);
                assertTrue(storage.kept());
                assertEquals(cache.resolve("framework-" + KEY + "-" + slot), storage.folder());
                held.add(storage);
            }
            Path overflow;
            try (FrameworkStorage storage = FrameworkStorage.acquire(cache, KEY)) {
                assertFalse(storage.kept());
                overflow = storage.folder();
                assertFalse(overflow.startsWith(cache), "the overflow is a temporary folder, not a slot");
            }
            assertFalse(Files.exists(overflow), "a temporary storage is deleted when released");
        } finally {
            held.forEach(FrameworkStorage::close);
        }
    }

    @Test
    void aSlotHeldByAnotherProcessIsSkippedAndReleasedWhenItDies() throws Exception {
        Process holder = holdSlot();
        try {
            try (FrameworkStorage storage = FrameworkStorage.acquire(cache, KEY)) {
                assertEquals(cache.resolve("framework-" + KEY + "-1"), storage.folder());
            }
        } finally {
            holder.destroyForcibly();
            holder.waitFor(30, TimeUnit.SECONDS);
        }
        // killed: the OS released its lock, so the first slot is free again
        try (FrameworkStorage storage = FrameworkStorage.acquire(cache, KEY)) {
            assertEquals(cache.resolve("framework-" + KEY + "-0"), storage.folder());
        }
    }

    @Test
    void slotsOfOtherBundleSetsGoUnlessSomeoneHoldsThem() throws Exception {
        Process holder = holdSlot();
        try {
            Path unused = Files.createDirectories(cache.resolve("framework-ffffffffffffffffffff-2"));
            Files.writeString(unused.resolve("bundle1"), "old");
            try (FrameworkStorage storage = FrameworkStorage.acquire(cache, "aaaaaaaaaaaaaaaaaaaa")) {
                assertTrue(storage.kept());
            }
            assertFalse(Files.exists(unused), "an older jar's unused slot is removed");
            assertTrue(Files.exists(cache.resolve("framework-" + KEY + "-0")), "a slot another process holds stays");
        } finally {
            holder.destroyForcibly();
            holder.waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void discardEmptiesTheSlotButKeepsItsLock() throws Exception {
        try (FrameworkStorage storage = FrameworkStorage.acquire(cache, KEY)) {
            Files.createDirectories(storage.folder().resolve("bundle7/version0.0"));
            storage.discard();
            try (var left = Files.list(storage.folder())) {
                assertEquals(List.of(storage.folder().resolve(".lock")), left.toList());
            }
            try (FrameworkStorage second = FrameworkStorage.acquire(cache, KEY)) {
                assertNotEquals(storage.folder(), second.folder(), "the discarded slot is still held");
            }
        }
    }

    /** A second JVM that holds slot 0 of {@link #KEY} until it is killed. */
    private Process holdSlot() throws Exception {
        Process process = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        SlotHolder.class.getName(),
                        cache.toString(),
                        KEY)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        BufferedReader out =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        assertEquals("held " + cache.resolve("framework-" + KEY + "-0"), out.readLine());
        return process;
    }

    /** The child process's main: holds a slot, says which, and waits to be killed. */
    static final class SlotHolder {
        public static void main(String[] arguments) throws Exception {
            FrameworkStorage storage = FrameworkStorage.acquire(Path.of(arguments[0]), arguments[1]);
            System.out.println("held " + storage.folder());
            System.out.flush();
            Thread.sleep(Long.MAX_VALUE);
        }
    }
}
