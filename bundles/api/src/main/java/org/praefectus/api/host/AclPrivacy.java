package org.praefectus.api.host;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.AclFileAttributeView;
import java.nio.file.attribute.UserPrincipal;

/**
 * Private state on an ACL file system (Windows), by {@link OwnerOnlyAcl}'s rule. What we create carries the
 * owner-only ACL from its creation on, is owned by the user, and is read back before use. An existing
 * directory is refused, never repaired, when another user may write into it; others reading it is accepted,
 * as 0755 is on POSIX. An existing file is tightened to owner-only when only the machine's principals could
 * reach it besides the user (what Windows inherits into a profile folder), and refused when another user
 * could read it, since its content may have leaked.
 */
final class AclPrivacy implements Privacy {

    private final AclFiles files;

    AclPrivacy(AclFiles files) {
        this.files = files;
    }

    @Override
    public void createDirectory(Path directory) throws IOException {
        UserPrincipal user = files.currentUser();
        files.createDirectory(directory, OwnerOnlyAcl.entries(user, true));
        restrict(directory, user, true);
    }

    @Override
    public void requireDirectory(Path directory) throws IOException {
        AclFileAttributeView view = files.view(directory);
        if (!OwnerOnlyAcl.othersCannotWrite(
                view.getOwner(), view.getAcl(), files.currentUser(), files.machinePrincipals())) {
            throw new HostState.NotPrivateException("the state directory is writable by other users");
        }
    }

    @Override
    public FileChannel createFile(Path file) throws IOException {
        UserPrincipal user = files.currentUser();
        FileChannel channel = files.createFile(file, OwnerOnlyAcl.entries(user, false));
        try {
            restrict(file, user, false);
            return channel;
        } catch (IOException | RuntimeException e) {
            channel.close();
            Files.deleteIfExists(file);
            throw e;
        }
    }

    @Override
    public void requireFile(Path file) throws IOException {
        UserPrincipal user = files.currentUser();
        AclFileAttributeView view = files.view(file);
        if (OwnerOnlyAcl.isOwnerOnly(view.getOwner(), view.getAcl(), user)) {
            return;
        }
        if (!OwnerOnlyAcl.onlyTrustedHaveAccess(view.getOwner(), view.getAcl(), user, files.machinePrincipals())) {
            throw new HostState.NotPrivateException("the host state file is readable by other users");
        }
        restrict(file, user, false);
    }

    /** The JDK cannot open a directory on Windows to flush it, so a new entry is as durable as NTFS makes it. */
    @Override
    public void syncDirectory(Path directory) {}

    /**
     * Makes {@code path} owned by the user (an elevated process creates objects owned by Administrators) and
     * owner-only, then reads it back: what is not exactly that is refused.
     */
    private void restrict(Path path, UserPrincipal user, boolean directory) throws IOException {
        AclFileAttributeView view = files.view(path);
        if (!user.equals(view.getOwner())) {
            view.setOwner(user);
        }
        if (!OwnerOnlyAcl.isOwnerOnly(view.getOwner(), view.getAcl(), user)) {
            view.setAcl(OwnerOnlyAcl.entries(user, directory));
        }
        if (!OwnerOnlyAcl.isOwnerOnly(view.getOwner(), view.getAcl(), user)) {
            throw new HostState.NotPrivateException("the state could not be restricted to the user");
        }
    }
}
