package org.praefectus.api.host;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.AclEntry;
import java.nio.file.attribute.AclFileAttributeView;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A Windows-like ACL file system for tests on Linux: the files themselves are real, their owners and ACLs
 * live in memory behind the JDK's {@link AclFileAttributeView} interface. A test double of a JDK interface
 * is the only way to run {@link AclPrivacy} here, because the JDK implements ACL views only on Windows.
 */
final class MemoryAclFiles implements AclFiles {

    /** A principal compared by its name, as the JDK's Windows principals are compared by SID. */
    record Principal(String name) implements UserPrincipal {
        @Override
        public String getName() {
            return name;
        }
    }

    static final Principal USER = new Principal("S-1-5-21-1-2-3-1001");
    static final Principal OTHER = new Principal("S-1-5-21-1-2-3-1002");
    static final Principal USERS = new Principal("S-1-5-32-545");
    static final Principal SYSTEM = new Principal("S-1-5-18");
    static final Principal ADMINISTRATORS = new Principal("S-1-5-32-544");

    /** One object's owner and ACL; {@code setAcl} and {@code setOwner} replace them. */
    static final class View implements AclFileAttributeView {
        UserPrincipal owner;
        List<AclEntry> acl;

        View(UserPrincipal owner, List<AclEntry> acl) {
            this.owner = owner;
            this.acl = List.copyOf(acl);
        }

        @Override
        public String name() {
            return "acl";
        }

        @Override
        public UserPrincipal getOwner() {
            return owner;
        }

        @Override
        public void setOwner(UserPrincipal owner) {
            this.owner = owner;
        }

        @Override
        public List<AclEntry> getAcl() {
            return new ArrayList<>(acl);
        }

        @Override
        public void setAcl(List<AclEntry> acl) {
            this.acl = List.copyOf(acl);
        }
    }

    final Map<Path, View> views = new HashMap<>();
    /** Who owns what this process creates: the user, or Administrators for an elevated process. */
    UserPrincipal creationOwner = USER;
    /** Entries Windows would merge into a created object's ACL (inherited ones); none by default. */
    List<AclEntry> addedOnCreation = List.of();

    void put(Path path, UserPrincipal owner, AclEntry... acl) {
        views.put(path.toAbsolutePath().normalize(), new View(owner, List.of(acl)));
    }

    View viewOf(Path path) {
        return views.get(path.toAbsolutePath().normalize());
    }

    @Override
    public AclFileAttributeView view(Path path) throws IOException {
        View view = viewOf(path);
        if (view == null) {
            throw new NoSuchFileException(path.toString());
        }
        return view;
    }

    @Override
    public void createDirectory(Path directory, List<AclEntry> acl) throws IOException {
        Files.createDirectory(directory);
        created(directory, acl);
    }

    @Override
    public FileChannel createFile(Path file, List<AclEntry> acl) throws IOException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        created(file, acl);
        return channel;
    }

    private void created(Path path, List<AclEntry> acl) {
        List<AclEntry> merged = new ArrayList<>(acl);
        merged.addAll(addedOnCreation);
        views.put(path.toAbsolutePath().normalize(), new View(creationOwner, merged));
    }

    @Override
    public UserPrincipal currentUser() {
        return USER;
    }

    @Override
    public Set<UserPrincipal> machinePrincipals() {
        return Set.of(SYSTEM, ADMINISTRATORS);
    }
}
