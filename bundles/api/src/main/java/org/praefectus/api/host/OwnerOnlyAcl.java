package org.praefectus.api.host;

import java.nio.file.attribute.AclEntry;
import java.nio.file.attribute.AclEntryFlag;
import java.nio.file.attribute.AclEntryPermission;
import java.nio.file.attribute.AclEntryType;
import java.nio.file.attribute.UserPrincipal;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The one rule for what makes Windows private state private, over the JDK's ACL model: the counterpart of
 * 0600/0700. A private object is owned by the user and carries exactly one entry, allowing the user full
 * control. A directory it lives in may carry more, but nobody other than the user and the machine's own
 * principals (SYSTEM, Administrators, TrustedInstaller) may create, delete, rename or re-permission inside
 * it. {@link HostState} applies it through the JDK on Windows; the windows bundle applies it to what it
 * reads through Advapi32 and adds the facts the JDK model cannot express (a NULL DACL, the protected flag).
 */
public final class OwnerOnlyAcl {

    /** Full control: every permission the JDK maps, which is exactly {@code FILE_ALL_ACCESS}. */
    static final Set<AclEntryPermission> FULL_CONTROL = EnumSet.allOf(AclEntryPermission.class);

    /** The rights that let someone else change what a directory holds or who may touch it. */
    static final Set<AclEntryPermission> WRITE_LIKE = EnumSet.of(
            AclEntryPermission.WRITE_DATA, // FILE_ADD_FILE on a directory
            AclEntryPermission.APPEND_DATA, // FILE_ADD_SUBDIRECTORY
            AclEntryPermission.DELETE_CHILD,
            AclEntryPermission.DELETE,
            AclEntryPermission.WRITE_ACL,
            AclEntryPermission.WRITE_OWNER);

    private OwnerOnlyAcl() {}

    /**
     * The owner-only ACL: one {@code ALLOW} entry granting {@code user} full control, inherited by the files
     * and subdirectories of a directory so what is created inside starts private too.
     */
    public static List<AclEntry> entries(UserPrincipal user, boolean directory) {
        return List.of(AclEntry.newBuilder()
                .setType(AclEntryType.ALLOW)
                .setPrincipal(user)
                .setPermissions(FULL_CONTROL)
                .setFlags(
                        directory
                                ? EnumSet.of(AclEntryFlag.FILE_INHERIT, AclEntryFlag.DIRECTORY_INHERIT)
                                : EnumSet.noneOf(AclEntryFlag.class))
                .build());
    }

    /** The object itself is private: owned by {@code user}, one entry allowing {@code user} full control. */
    public static boolean isOwnerOnly(UserPrincipal owner, List<AclEntry> acl, UserPrincipal user) {
        if (!user.equals(owner) || acl.size() != 1) {
            return false;
        }
        AclEntry only = acl.get(0);
        return only.type() == AclEntryType.ALLOW
                && user.equals(only.principal())
                && !only.flags().contains(AclEntryFlag.INHERIT_ONLY)
                && only.permissions().containsAll(FULL_CONTROL);
    }

    /**
     * A directory is safe to keep private state in: a trusted owner, at least one entry (the JDK reads a
     * NULL DACL, which grants everyone everything, as an empty list), and no entry that lets anyone but the
     * user or a machine principal write, delete or re-permission. Inherit-only entries do not apply to the
     * directory itself and are ignored; deny entries only take rights away. An allowing entry of another
     * principal with no permission the JDK maps (it drops {@code GENERIC_*} bits) counts as writing.
     */
    public static boolean othersCannotWrite(
            UserPrincipal owner, List<AclEntry> acl, UserPrincipal user, Set<? extends UserPrincipal> machine) {
        if (acl.isEmpty() || !trusted(owner, user, machine)) {
            return false;
        }
        for (AclEntry entry : acl) {
            if (applies(entry)
                    && !trusted(entry.principal(), user, machine)
                    && (entry.permissions().isEmpty()
                            || entry.permissions().stream().anyMatch(WRITE_LIKE::contains))) {
                return false;
            }
        }
        return true;
    }

    /**
     * Nobody but the user and the machine's principals has any access: what a file may carry before it is
     * tightened to {@link #entries owner-only}, because nothing in it can have leaked to another user.
     */
    public static boolean onlyTrustedHaveAccess(
            UserPrincipal owner, List<AclEntry> acl, UserPrincipal user, Set<? extends UserPrincipal> machine) {
        if (acl.isEmpty() || !trusted(owner, user, machine)) {
            return false;
        }
        return acl.stream().filter(OwnerOnlyAcl::applies).allMatch(entry -> trusted(entry.principal(), user, machine));
    }

    private static boolean applies(AclEntry entry) {
        return entry.type() == AclEntryType.ALLOW && !entry.flags().contains(AclEntryFlag.INHERIT_ONLY);
    }

    private static boolean trusted(UserPrincipal principal, UserPrincipal user, Set<? extends UserPrincipal> machine) {
        return user.equals(principal) || machine.contains(principal);
    }
}
