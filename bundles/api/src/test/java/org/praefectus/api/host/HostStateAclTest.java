package org.praefectus.api.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.praefectus.api.host.MemoryAclFiles.ADMINISTRATORS;
import static org.praefectus.api.host.MemoryAclFiles.OTHER;
import static org.praefectus.api.host.MemoryAclFiles.SYSTEM;
import static org.praefectus.api.host.MemoryAclFiles.USER;
import static org.praefectus.api.host.MemoryAclFiles.USERS;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.AclEntry;
import java.nio.file.attribute.AclEntryFlag;
import java.nio.file.attribute.AclEntryPermission;
import java.nio.file.attribute.AclEntryType;
import java.nio.file.attribute.UserPrincipal;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * HostState's Windows path (owner-only ACLs) run on Linux over {@link MemoryAclFiles}, an in-memory
 * implementation of the JDK's {@code AclFileAttributeView}, whose real implementation exists only on Windows.
 */
class HostStateAclTest {

    @TempDir
    Path temp;

    final MemoryAclFiles files = new MemoryAclFiles();
    final Privacy privacy = new AclPrivacy(files);

    static AclEntry allow(UserPrincipal who, Set<AclEntryPermission> permissions, AclEntryFlag... flags) {
        return entry(AclEntryType.ALLOW, who, permissions, flags);
    }

    static AclEntry entry(
            AclEntryType type, UserPrincipal who, Set<AclEntryPermission> permissions, AclEntryFlag... flags) {
        Set<AclEntryFlag> flagSet = EnumSet.noneOf(AclEntryFlag.class);
        flagSet.addAll(List.of(flags));
        return AclEntry.newBuilder()
                .setType(type)
                .setPrincipal(who)
                .setPermissions(permissions)
                .setFlags(flagSet)
                .build();
    }

    static final Set<AclEntryPermission> FULL = EnumSet.allOf(AclEntryPermission.class);
    static final Set<AclEntryPermission> READ =
            EnumSet.of(AclEntryPermission.READ_DATA, AclEntryPermission.EXECUTE, AclEntryPermission.READ_ACL);

    /** A profile folder as Windows sets it up: SYSTEM, Administrators and the user, full control. */
    @BeforeEach
    void profileFolder() {
        files.put(temp, USER, allow(SYSTEM, FULL), allow(ADMINISTRATORS, FULL), allow(USER, FULL));
    }

    private void assertOwnerOnly(Path path, Set<AclEntryFlag> flags) {
        MemoryAclFiles.View view = files.viewOf(path);
        assertEquals(USER, view.getOwner(), path + " owner");
        assertEquals(
                List.of(AclEntry.newBuilder()
                        .setType(AclEntryType.ALLOW)
                        .setPrincipal(USER)
                        .setPermissions(FULL)
                        .setFlags(flags)
                        .build()),
                view.getAcl(),
                path + " ACL");
    }

    private static final Set<AclEntryFlag> INHERITED_BY_CHILDREN =
            EnumSet.of(AclEntryFlag.FILE_INHERIT, AclEntryFlag.DIRECTORY_INHERIT);

    @Test
    void freshDirectoriesEndWithExactlyOneOwnerEntryInheritedByWhatTheyHold() throws Exception {
        Path state = HostState.privateDirectory(temp.resolve("a/b"), privacy);

        assertEquals(temp.resolve("a/b"), state);
        assertOwnerOnly(temp.resolve("a"), INHERITED_BY_CHILDREN);
        assertOwnerOnly(temp.resolve("a/b"), INHERITED_BY_CHILDREN);
    }

    @Test
    void anElevatedCreationIsOwnedByTheUserAndInheritedEntriesAreRemoved() throws Exception {
        files.creationOwner = ADMINISTRATORS;
        files.addedOnCreation = List.of(allow(USERS, READ));

        HostState.privateDirectory(temp.resolve("a"), privacy);

        assertOwnerOnly(temp.resolve("a"), INHERITED_BY_CHILDREN);
    }

    @Test
    void aDirectoryAnotherUserMayAddFilesOrSubdirectoriesToIsRefusedAndNothingIsCreatedInIt() {
        for (AclEntryPermission write : List.of(AclEntryPermission.WRITE_DATA, AclEntryPermission.APPEND_DATA)) {
            files.put(temp, USER, allow(USER, FULL), allow(OTHER, EnumSet.of(write)));

            assertThrows(
                    HostState.NotPrivateException.class,
                    () -> HostState.privateDirectory(temp.resolve("a"), privacy),
                    write.toString());
            assertEquals(false, Files.exists(temp.resolve("a")), write.toString());
        }
    }

    @Test
    void anExistingSharedStateDirectoryIsRefusedNotRepaired() throws Exception {
        Path shared = Files.createDirectory(temp.resolve("shared"));
        AclEntry othersAppend = allow(USERS, EnumSet.of(AclEntryPermission.APPEND_DATA));
        files.put(shared, USER, allow(USER, FULL), othersAppend);

        assertThrows(HostState.NotPrivateException.class, () -> HostState.privateDirectory(shared, privacy));
        assertEquals(
                List.of(allow(USER, FULL), othersAppend), files.viewOf(shared).getAcl());
    }

    @Test
    void anotherOwnerANullDaclOrAnEntryWhoseRightsTheJdkCannotMapIsRefused() throws Exception {
        Path state = Files.createDirectory(temp.resolve("state"));

        files.put(state, OTHER, allow(USER, FULL));
        assertThrows(HostState.NotPrivateException.class, () -> HostState.privateDirectory(state, privacy), "owner");

        files.put(state, USER);
        assertThrows(HostState.NotPrivateException.class, () -> HostState.privateDirectory(state, privacy), "NULL");

        files.put(state, USER, allow(USER, FULL), allow(OTHER, EnumSet.noneOf(AclEntryPermission.class)));
        assertThrows(
                HostState.NotPrivateException.class, () -> HostState.privateDirectory(state, privacy), "GENERIC_*");
    }

    @Test
    void othersReadingInheritOnlyAndDenyEntriesLeaveADirectoryUsable() throws Exception {
        Path state = Files.createDirectory(temp.resolve("state"));
        List<AclEntry> acl = List.of(
                allow(USER, FULL),
                allow(USERS, READ),
                allow(OTHER, FULL, AclEntryFlag.INHERIT_ONLY, AclEntryFlag.FILE_INHERIT),
                entry(AclEntryType.DENY, OTHER, FULL));
        files.put(state, SYSTEM, acl.toArray(AclEntry[]::new));

        assertEquals(state, HostState.privateDirectory(state, privacy));
        assertEquals(acl, files.viewOf(state).getAcl(), "an accepted directory is left as it is");
    }

    @Test
    void aPrivateFileGetsTheOwnerOnlyAclAndIsReadBack() throws Exception {
        Path file = temp.resolve("host-key");

        String content = HostState.readOrCreatePrivateFile(file, "abc".getBytes(StandardCharsets.US_ASCII), privacy);

        assertEquals("abc", content);
        assertOwnerOnly(file, EnumSet.noneOf(AclEntryFlag.class));
    }

    @Test
    void aFileOnlyTheMachineCouldAlsoReadIsTightenedOneOthersCouldReadIsRefused() throws Exception {
        Path file = Files.writeString(temp.resolve("host-key"), "abc");
        files.put(file, ADMINISTRATORS, allow(SYSTEM, FULL), allow(ADMINISTRATORS, FULL), allow(USER, FULL));

        assertEquals("abc", HostState.readOrCreatePrivateFile(file, new byte[0], privacy));
        assertOwnerOnly(file, EnumSet.noneOf(AclEntryFlag.class));

        AclEntry othersRead = allow(USERS, READ);
        files.put(file, USER, allow(USER, FULL), othersRead);
        assertThrows(
                HostState.NotPrivateException.class,
                () -> HostState.readOrCreatePrivateFile(file, new byte[0], privacy));
        assertEquals(List.of(allow(USER, FULL), othersRead), files.viewOf(file).getAcl(), "refused, not repaired");
    }
}
