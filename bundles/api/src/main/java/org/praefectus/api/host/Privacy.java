package org.praefectus.api.host;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.util.Set;

/**
 * How a file system keeps state private to the user: POSIX modes where the file system has them, else the
 * owner-only ACL where it has ACLs (Windows). Chosen once from the default file system's attribute views, so
 * no OS name is checked anywhere; tests hand {@link HostState} another one.
 */
interface Privacy {

    /** The strategy for the default file system. */
    static Privacy forDefaultFileSystem() {
        Set<String> views = FileSystems.getDefault().supportedFileAttributeViews();
        if (views.contains("posix")) {
            return new PosixPrivacy();
        }
        if (views.contains("acl")) {
            return new AclPrivacy(new JdkAclFiles());
        }
        return new NoPrivacy();
    }

    /** Creates {@code directory} private to the user; {@code FileAlreadyExistsException} when it exists. */
    void createDirectory(Path directory) throws IOException;

    /** Refuses an existing directory that another user owns or may write into. */
    void requireDirectory(Path directory) throws IOException;

    /** Creates {@code file} new, private to the user before any byte is written, open for writing. */
    FileChannel createFile(Path file) throws IOException;

    /** Refuses an existing regular file that is not private to the user (or tightens it where that is safe). */
    void requireFile(Path file) throws IOException;

    /** Makes a created entry in {@code directory} durable, where directories can be synced. */
    void syncDirectory(Path directory) throws IOException;
}
