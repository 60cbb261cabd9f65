package org.praefectus.windows.acl;

import java.nio.file.attribute.AclEntry;
import java.nio.file.attribute.AclEntryFlag;
import java.nio.file.attribute.AclEntryPermission;
import java.nio.file.attribute.AclEntryType;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.praefectus.api.host.OwnerOnlyAcl;

/**
 * Whether a security descriptor read through Advapi32 makes a path private to the current user. The rule
 * is the host kit's {@link OwnerOnlyAcl}, shared with the engine's ledger and host state; this class only
 * translates raw entries into the JDK's ACL model and adds the two facts that model cannot express: a NULL
 * DACL (no DACL at all, which grants everyone everything) and {@code SE_DACL_PROTECTED} (no inherited
 * entries), which a private object must have here because {@code NativeAcl} sets it.
 */
public final class AclDecision {

    /** SYSTEM, BUILTIN\Administrators, NT SERVICE\TrustedInstaller. */
    static final Set<Sid> MACHINE_PRINCIPALS = Set.of(
            new Sid("S-1-5-18"),
            new Sid("S-1-5-32-544"),
            new Sid("S-1-5-80-956008885-3418522649-1831038044-1853292631-2271478464"));

    /** The access-mask bit of each JDK permission (the mapping of OpenJDK's {@code WindowsSecurityDescriptor}). */
    private static final List<Bit> BITS = List.of(
            new Bit(0x0001, AclEntryPermission.READ_DATA),
            new Bit(0x0002, AclEntryPermission.WRITE_DATA),
            new Bit(0x0004, AclEntryPermission.APPEND_DATA),
            new Bit(0x0008, AclEntryPermission.READ_NAMED_ATTRS),
            new Bit(0x0010, AclEntryPermission.WRITE_NAMED_ATTRS),
            new Bit(0x0020, AclEntryPermission.EXECUTE),
            new Bit(0x0040, AclEntryPermission.DELETE_CHILD),
            new Bit(0x0080, AclEntryPermission.READ_ATTRIBUTES),
            new Bit(0x0100, AclEntryPermission.WRITE_ATTRIBUTES),
            new Bit(0x00010000, AclEntryPermission.DELETE),
            new Bit(0x00020000, AclEntryPermission.READ_ACL),
            new Bit(0x00040000, AclEntryPermission.WRITE_ACL),
            new Bit(0x00080000, AclEntryPermission.WRITE_OWNER),
            new Bit(0x00100000, AclEntryPermission.SYNCHRONIZE));

    private record Bit(int mask, AclEntryPermission permission) {}

    /** What each {@code GENERIC_*} bit means for a file, as Windows maps it ({@code FILE_GENERIC_*}). */
    private static final List<Generic> GENERICS = List.of(
            new Generic(0x10000000, EnumSet.allOf(AclEntryPermission.class)), // GENERIC_ALL
            new Generic(
                    0x40000000, // GENERIC_WRITE
                    EnumSet.of(
                            AclEntryPermission.WRITE_DATA,
                            AclEntryPermission.APPEND_DATA,
                            AclEntryPermission.WRITE_NAMED_ATTRS,
                            AclEntryPermission.WRITE_ATTRIBUTES,
                            AclEntryPermission.READ_ACL,
                            AclEntryPermission.SYNCHRONIZE)),
            new Generic(
                    0x80000000, // GENERIC_READ
                    EnumSet.of(
                            AclEntryPermission.READ_DATA,
                            AclEntryPermission.READ_NAMED_ATTRS,
                            AclEntryPermission.READ_ATTRIBUTES,
                            AclEntryPermission.READ_ACL,
                            AclEntryPermission.SYNCHRONIZE)),
            new Generic(
                    0x20000000, // GENERIC_EXECUTE
                    EnumSet.of(
                            AclEntryPermission.EXECUTE,
                            AclEntryPermission.READ_ATTRIBUTES,
                            AclEntryPermission.READ_ACL,
                            AclEntryPermission.SYNCHRONIZE)));

    private record Generic(int mask, Set<AclEntryPermission> permissions) {}

    private AclDecision() {}

    /** The object itself is private: owned by the user, one protected entry allowing the user full control. */
    public static boolean isPrivate(SecurityView view, String user) {
        return view.daclPresent()
                && view.daclProtected()
                && OwnerOnlyAcl.isOwnerOnly(new Sid(view.ownerSid()), entries(view), new Sid(user));
    }

    /**
     * An ancestor (or the directory a new private directory goes into) is safe: a trusted owner, a DACL,
     * and no entry that lets anyone else write, delete or re-permission ({@link OwnerOnlyAcl#othersCannotWrite}).
     */
    public static boolean othersCannotWrite(SecurityView view, String user) {
        return view.daclPresent()
                && OwnerOnlyAcl.othersCannotWrite(
                        new Sid(view.ownerSid()), entries(view), new Sid(user), MACHINE_PRINCIPALS);
    }

    static List<AclEntry> entries(SecurityView view) {
        return view.aces().stream().map(AclDecision::entry).toList();
    }

    /**
     * One raw entry in the JDK's model; {@code GENERIC_*} bits are mapped as Windows maps them for files (the
     * JDK itself drops them, so only an entry read here keeps a {@code GENERIC_READ}-only grant harmless).
     */
    static AclEntry entry(Ace ace) {
        Set<AclEntryPermission> permissions = EnumSet.noneOf(AclEntryPermission.class);
        for (Bit bit : BITS) {
            if ((ace.mask() & bit.mask()) != 0) {
                permissions.add(bit.permission());
            }
        }
        for (Generic generic : GENERICS) {
            if ((ace.mask() & generic.mask()) != 0) {
                permissions.addAll(generic.permissions());
            }
        }
        Set<AclEntryFlag> flags = EnumSet.noneOf(AclEntryFlag.class);
        if ((ace.flags() & 0x01) != 0) {
            flags.add(AclEntryFlag.FILE_INHERIT);
        }
        if ((ace.flags() & 0x02) != 0) {
            flags.add(AclEntryFlag.DIRECTORY_INHERIT);
        }
        if ((ace.flags() & 0x04) != 0) {
            flags.add(AclEntryFlag.NO_PROPAGATE_INHERIT);
        }
        if (ace.inheritOnly()) {
            flags.add(AclEntryFlag.INHERIT_ONLY);
        }
        return AclEntry.newBuilder()
                .setType(ace.allowed() ? AclEntryType.ALLOW : AclEntryType.DENY)
                .setPrincipal(new Sid(ace.sid()))
                .setPermissions(permissions)
                .setFlags(flags)
                .build();
    }
}
