package org.praefectus.windows.acl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The private state procedure over an ACL boundary that records what it was asked. */
class WindowsPrivateStateTest {

    @TempDir
    Path directory;

    static final String USER = AclDecisionTest.USER;

    /** Descriptors by path; a path not listed inherits the profile folder's entries. */
    static class RecordingAcl implements AclApi {
        final Map<Path, SecurityView> views = new HashMap<>();
        final List<String> calls = new ArrayList<>();

        @Override
        public String currentUserSid() {
            return USER;
        }

        @Override
        public SecurityView read(Path path) {
            calls.add("read " + path.getFileName());
            return views.getOrDefault(
                    path,
                    new SecurityView(
                            USER,
                            true,
                            false,
                            List.of(
                                    new Ace(true, 0x13, AclDecisionTest.FULL, AclDecisionTest.SYSTEM),
                                    new Ace(true, 0x13, AclDecisionTest.FULL, USER))));
        }

        @Override
        public void restrictToOwner(Path path, boolean directory) {
            calls.add("restrict " + path.getFileName() + (directory ? " directory" : " file"));
            views.put(path, new SecurityView(USER, true, true, List.of(new Ace(true, 3, AclDecisionTest.FULL, USER))));
        }
    }

    @Test
    void aNewDirectoryIsRestrictedAndThenChecked() throws Exception {
        RecordingAcl acl = new RecordingAcl();

        Path state = new WindowsPrivateState(acl).directory(directory.resolve("state"));

        assertTrue(Files.isDirectory(state));
        assertEquals(
                List.of(
                        "read " + directory.getFileName(),
                        "restrict state directory",
                        "read " + directory.getFileName(),
                        "read state"),
                acl.calls);
    }

    @Test
    void aDirectoryUnderAParentOthersMayWriteIsNeverCreated() {
        RecordingAcl acl = new RecordingAcl();
        acl.views.put(
                directory,
                new SecurityView(USER, true, false, List.of(new Ace(true, 0, 0x0002, AclDecisionTest.USERS))));

        assertThrows(IOException.class, () -> new WindowsPrivateState(acl).directory(directory.resolve("state")));
        assertTrue(Files.notExists(directory.resolve("state")));
    }

    @Test
    void anExistingSharedDirectoryIsRefusedNotRepaired() throws Exception {
        RecordingAcl acl = new RecordingAcl();
        Path shared = Files.createDirectory(directory.resolve("shared"));

        assertThrows(IOException.class, () -> new WindowsPrivateState(acl).directory(shared));
        assertTrue(acl.calls.stream().noneMatch(call -> call.startsWith("restrict")));
    }

    @Test
    void aFileIsRestrictedWhileStillEmpty() throws Exception {
        RecordingAcl acl = new RecordingAcl() {
            @Override
            public void restrictToOwner(Path path, boolean isDirectory) {
                try {
                    assertEquals(0, Files.size(path), "nothing written before the ACL is in place");
                } catch (IOException e) {
                    throw new AssertionError(e);
                }
                super.restrictToOwner(path, isDirectory);
            }
        };
        Path file = directory.resolve("shot.png");

        new WindowsPrivateState(acl).writeNew(file, new byte[] {1, 2, 3});

        assertEquals(3, Files.size(file));
        assertEquals(List.of("restrict shot.png file", "read shot.png"), acl.calls);
    }
}
