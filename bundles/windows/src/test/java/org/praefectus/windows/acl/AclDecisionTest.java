package org.praefectus.windows.acl;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The owner-only DACL decision, on descriptors shaped like the ones icacls shows. */
class AclDecisionTest {

    static final String USER = "S-1-5-21-1004336348-1177238915-682003330-1001";
    static final String OTHER = "S-1-5-21-1004336348-1177238915-682003330-1002";
    static final String USERS = "S-1-5-32-545";
    static final String EVERYONE = "S-1-1-0";
    static final String SYSTEM = "S-1-5-18";
    static final String ADMINISTRATORS = "S-1-5-32-544";
    static final int FULL = 0x001F01FF;
    static final int READ_EXECUTE = 0x001200A9;

    private static SecurityView view(String owner, boolean present, boolean protectedDacl, Ace... aces) {
        return new SecurityView(owner, present, protectedDacl, List.of(aces));
    }

    @Test
    void oneProtectedFullControlEntryForTheOwningUserIsPrivate() {
        assertTrue(AclDecision.isPrivate(view(USER, true, true, new Ace(true, 0x03, FULL, USER)), USER));
    }

    @Test
    void anythingMoreOrLessIsNotPrivate() {
        assertFalse(
                AclDecision.isPrivate(view(USER, true, false, new Ace(true, 0x03, FULL, USER)), USER),
                "inheritance not blocked");
        assertFalse(
                AclDecision.isPrivate(
                        view(USER, true, true, new Ace(true, 0x03, FULL, USER), new Ace(true, 0, READ_EXECUTE, USERS)),
                        USER),
                "a second entry");
        assertFalse(
                AclDecision.isPrivate(view(OTHER, true, true, new Ace(true, 0x03, FULL, USER)), USER), "another owner");
        assertFalse(
                AclDecision.isPrivate(view(USER, true, true, new Ace(true, 0x03, READ_EXECUTE, USER)), USER),
                "less than full control");
        assertFalse(AclDecision.isPrivate(view(USER, false, true), USER), "a NULL DACL grants everyone everything");
        assertFalse(AclDecision.isPrivate(view(USER, true, true, new Ace(false, 0, FULL, USER)), USER), "a deny entry");
    }

    @Test
    void aProfileFolderIsASafeParent() {
        SecurityView profile = view(
                USER,
                true,
                false,
                new Ace(true, 0x13, FULL, SYSTEM),
                new Ace(true, 0x13, FULL, ADMINISTRATORS),
                new Ace(true, 0x13, FULL, USER));

        assertTrue(AclDecision.othersCannotWrite(profile, USER));
    }

    @Test
    void aDirectoryUsersOrEveryoneMayWriteIsRefused() {
        // C:\Users\Public-like: Users may create files
        assertFalse(AclDecision.othersCannotWrite(
                view(SYSTEM, true, false, new Ace(true, 0x03, FULL, SYSTEM), new Ace(true, 0x03, 0x0002, USERS)),
                USER));
        assertFalse(
                AclDecision.othersCannotWrite(view(USER, true, false, new Ace(true, 0, 0x10000000, EVERYONE)), USER),
                "GENERIC_ALL");
        assertFalse(
                AclDecision.othersCannotWrite(view(USER, true, false, new Ace(true, 0, 0x00040000, OTHER)), USER),
                "WRITE_DAC");
        assertFalse(AclDecision.othersCannotWrite(view(USER, false, false), USER), "NULL DACL");
        assertFalse(
                AclDecision.othersCannotWrite(view(OTHER, true, false, new Ace(true, 0, FULL, USER)), USER),
                "owned by another user");
    }

    @Test
    void readOnlyInheritOnlyAndDenyEntriesOfOthersAreHarmless() {
        assertTrue(AclDecision.othersCannotWrite(
                view(
                        USER,
                        true,
                        false,
                        new Ace(true, 0, FULL, USER),
                        new Ace(true, 0, READ_EXECUTE, USERS),
                        new Ace(true, Ace.INHERIT_ONLY | 0x03, FULL, EVERYONE),
                        new Ace(false, 0, FULL, EVERYONE)),
                USER));
    }

    @Test
    void genericWriteCountsAsWritingAndAnInheritOnlyEntryIsNotTheOwnersOne() {
        assertFalse(
                AclDecision.othersCannotWrite(view(USER, true, false, new Ace(true, 0, 0x40000000, USERS)), USER),
                "GENERIC_WRITE");
        assertTrue(
                AclDecision.othersCannotWrite(view(USER, true, false, new Ace(true, 0, 0x80000000, USERS)), USER),
                "GENERIC_READ");
        assertFalse(
                AclDecision.isPrivate(view(USER, true, true, new Ace(true, Ace.INHERIT_ONLY | 0x03, FULL, USER)), USER),
                "applies to children only");
        assertTrue(
                AclDecision.isPrivate(view(USER, true, true, new Ace(true, 0, 0x10000000, USER)), USER),
                "GENERIC_ALL is full control");
    }

    @Test
    void anUnknownEntryTypeIsReadAsAllowingEverything() {
        // NativeAcl maps any other ACE type to an allowing entry with a full mask and an unknown trustee
        assertFalse(AclDecision.othersCannotWrite(view(USER, true, false, new Ace(true, 0, -1, "unknown")), USER));
    }
}
