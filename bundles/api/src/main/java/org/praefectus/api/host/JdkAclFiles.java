package org.praefectus.api.host;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.AclEntry;
import java.nio.file.attribute.AclFileAttributeView;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.nio.file.attribute.UserPrincipalNotFoundException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * {@link AclFiles} over the JDK's Windows ACL support ({@code sun.nio.fs.WindowsAclFileAttributeView}), no
 * native code of our own. Runs only on Windows, so it is not exercised by the tests here. What the JDK
 * cannot do, read from its sources (OpenJDK {@code WindowsAclFileAttributeView}, {@code
 * WindowsSecurityDescriptor}, {@code WindowsUserPrincipals}):
 *
 * <ul>
 *   <li>It never marks a DACL protected: {@code setAcl} and the {@code acl:acl} creation attribute build a
 *       descriptor without {@code SE_DACL_PROTECTED} and write it with {@code SetFileSecurity} /
 *       {@code CreateDirectory}. The owner-only entry is all the object holds, but a later inheritance
 *       change on a parent (Explorer, {@code icacls}, {@code SetNamedSecurityInfo}) can add inherited entries.
 *       Every use reads the ACL back and demands exactly one entry, so such a change is refused at the next
 *       use, not accepted; the windows bundle's JNA route ({@code NativeAcl}) does set the protected flag.
 *   <li>It reads only {@code ACCESS_ALLOWED} and {@code ACCESS_DENIED} entries: other entry types (object,
 *       callback) are left out of {@code getAcl}, so they are invisible here.
 *   <li>It maps no {@code GENERIC_*} bits, and reads a NULL DACL as an empty list; {@link OwnerOnlyAcl}
 *       treats both as granting everything.
 *   <li>Principals are compared by SID ({@code equals}), but can only be looked up by account name: the
 *       user by {@code user.name} ({@code LookupAccountName}), the machine principals by their English
 *       names. Where Windows localizes those names a machine principal stays unknown, which fails closed (a
 *       directory it may write is refused).
 * </ul>
 */
final class JdkAclFiles implements AclFiles {

    private static final List<String> MACHINE_PRINCIPALS =
            List.of("NT AUTHORITY\\SYSTEM", "BUILTIN\\Administrators", "NT SERVICE\\TrustedInstaller");

    @Override
    public AclFileAttributeView view(Path path) throws IOException {
        AclFileAttributeView view =
                Files.getFileAttributeView(path, AclFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
        if (view == null) {
            throw new IOException("the file system has no ACLs");
        }
        return view;
    }

    @Override
    public void createDirectory(Path directory, List<AclEntry> acl) throws IOException {
        Files.createDirectory(directory, attribute(acl));
    }

    @Override
    public FileChannel createFile(Path file, List<AclEntry> acl) throws IOException {
        return FileChannel.open(file, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), attribute(acl));
    }

    @Override
    public UserPrincipal currentUser() throws IOException {
        return lookup().lookupPrincipalByName(System.getProperty("user.name"));
    }

    @Override
    public Set<UserPrincipal> machinePrincipals() throws IOException {
        Set<UserPrincipal> found = new HashSet<>();
        for (String name : MACHINE_PRINCIPALS) {
            try {
                found.add(lookup().lookupPrincipalByName(name));
            } catch (UserPrincipalNotFoundException localized) {
                // left out: only ever makes the decision stricter
            }
        }
        return found;
    }

    private static UserPrincipalLookupService lookup() {
        return FileSystems.getDefault().getUserPrincipalLookupService();
    }

    private static FileAttribute<List<AclEntry>> attribute(List<AclEntry> acl) {
        return new FileAttribute<>() {
            @Override
            public String name() {
                return "acl:acl";
            }

            @Override
            public List<AclEntry> value() {
                return acl;
            }
        };
    }
}
