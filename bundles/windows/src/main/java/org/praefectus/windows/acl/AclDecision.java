package org.praefectus.windows.acl;

import java.util.Set;

/**
 * Whether a security descriptor makes a path private to the current user: the Windows counterpart of
 * 0600/0700. A private object is owned by the user and carries exactly one protected entry, allowing the
 * user. An ancestor may carry more, but nobody other than the user and the machine's own principals
 * (SYSTEM, Administrators, TrustedInstaller) may create, delete, rename or re-permission inside it.
 */
public final class AclDecision {

    /** SYSTEM, BUILTIN\Administrators, NT SERVICE\TrustedInstaller. */
    static final Set<String> MACHINE_PRINCIPALS =
            Set.of("S-1-5-18", "S-1-5-32-544", "S-1-5-80-956008885-3418522649-1831038044-1853292631-2271478464");

    /** The rights that let someone else change what a directory holds or who may touch it. */
    static final int WRITE_LIKE = 0x0002 // FILE_ADD_FILE / FILE_WRITE_DATA
            | 0x0004 // FILE_ADD_SUBDIRECTORY / FILE_APPEND_DATA
            | 0x0040 // FILE_DELETE_CHILD
            | 0x00010000 // DELETE
            | 0x00040000 // WRITE_DAC
            | 0x00080000 // WRITE_OWNER
            | 0x10000000 // GENERIC_ALL
            | 0x40000000; // GENERIC_WRITE

    /** {@code FILE_ALL_ACCESS}. */
    static final int FILE_ALL_ACCESS = 0x001F01FF;

    private AclDecision() {}

    /** Whether the owner is the user or a machine principal. */
    static boolean trustedOwner(SecurityView view, String user) {
        return user.equals(view.ownerSid()) || MACHINE_PRINCIPALS.contains(view.ownerSid());
    }

    /** The object itself is private: owned by the user, one protected entry allowing the user full control. */
    public static boolean isPrivate(SecurityView view, String user) {
        if (!view.daclPresent()
                || !view.daclProtected()
                || !user.equals(view.ownerSid())
                || view.aces().size() != 1) {
            return false;
        }
        Ace only = view.aces().get(0);
        return only.allowed() && user.equals(only.sid()) && (only.mask() & FILE_ALL_ACCESS) == FILE_ALL_ACCESS;
    }

    /**
     * An ancestor (or the directory a new private directory goes into) is safe: a trusted owner, a DACL,
     * and no entry that lets anyone else write, delete or re-permission. Inherit-only entries do not apply
     * to the ancestor itself and are ignored; deny entries only take rights away.
     */
    public static boolean othersCannotWrite(SecurityView view, String user) {
        if (!view.daclPresent() || !trustedOwner(view, user)) {
            return false;
        }
        for (Ace ace : view.aces()) {
            if (!ace.allowed() || ace.inheritOnly()) {
                continue;
            }
            boolean trusted = user.equals(ace.sid()) || MACHINE_PRINCIPALS.contains(ace.sid());
            if (!trusted && (ace.mask() & WRITE_LIKE) != 0) {
                return false;
            }
        }
        return true;
    }
}
