package org.praefectus.api.host;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.attribute.AclEntry;
import java.nio.file.attribute.AclFileAttributeView;
import java.nio.file.attribute.UserPrincipal;
import java.util.List;
import java.util.Set;

/**
 * What {@link AclPrivacy} needs of an ACL file system: {@link JdkAclFiles} on Windows; the tests give an
 * in-memory one, since the JDK implements ACL views only there.
 */
interface AclFiles {

    /** The ACL view of {@code path} itself, never of a link's target. */
    AclFileAttributeView view(Path path) throws IOException;

    /** Creates a directory that carries {@code acl} from its creation on. */
    void createDirectory(Path directory, List<AclEntry> acl) throws IOException;

    /** Creates a new file (never replacing one) that carries {@code acl} from its creation on. */
    FileChannel createFile(Path file, List<AclEntry> acl) throws IOException;

    /** The user this process runs as. */
    UserPrincipal currentUser() throws IOException;

    /** SYSTEM, Administrators and TrustedInstaller, as far as they can be looked up. */
    Set<UserPrincipal> machinePrincipals() throws IOException;
}
