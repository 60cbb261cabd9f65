package org.praefectus.windows.acl;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Private state on Windows: a directory whose parent others cannot write, restricted to an owner-only
 * protected DACL and checked afterwards; new files restricted the same way before any byte is written.
 */
public final class WindowsPrivateState {

    private final AclApi acl;

    public WindowsPrivateState(AclApi acl) {
        this.acl = acl;
    }

    /** The directory, created and restricted when absent; refused when it or its parent is shared. */
    public Path directory(Path directory) throws IOException {
        String user = acl.currentUserSid();
        Path absolute = directory.toAbsolutePath();
        Path parent = absolute.getParent();
        if (parent == null) {
            throw new IOException("private state needs a parent directory");
        }
        if (!Files.exists(absolute, LinkOption.NOFOLLOW_LINKS)) {
            Files.createDirectories(parent);
            if (!AclDecision.othersCannotWrite(acl.read(parent), user)) {
                throw new IOException("the parent of the private state directory is writable by other users");
            }
            Files.createDirectory(absolute);
            acl.restrictToOwner(absolute, true);
        }
        if (!Files.isDirectory(absolute, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException("private state path is not a plain directory");
        }
        if (!AclDecision.othersCannotWrite(acl.read(parent), user)) {
            throw new IOException("the parent of the private state directory is writable by other users");
        }
        if (!AclDecision.isPrivate(acl.read(absolute), user)) {
            throw new IOException("private state directory is shared with other users");
        }
        return absolute;
    }

    /** A new file, restricted to the owner while still empty, then written and forced to disk. */
    public void writeNew(Path file, byte[] bytes) throws IOException {
        Files.createFile(file);
        acl.restrictToOwner(file, false);
        if (!AclDecision.isPrivate(acl.read(file), acl.currentUserSid())) {
            Files.delete(file);
            throw new IOException("private file could not be restricted");
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE);
                OutputStream out = Channels.newOutputStream(channel)) {
            out.write(bytes);
            out.flush();
            channel.force(true);
        }
    }
}
