package org.praefectus.api.host;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;

/**
 * Where a host keeps its private state: {@code $XDG_STATE_HOME/praefectus/<host>} (an absolute {@code
 * XDG_STATE_HOME} only, as the XDG base directory rules say), else {@code ~/.local/state/praefectus/<host>},
 * the reference's state root. Directories are created 0700 and refused when they are symlinks, owned by
 * another user or writable by group or others; files are 0600. Where the file system has ACLs instead of
 * POSIX modes (Windows) the counterpart applies ({@link OwnerOnlyAcl}): what is created carries one entry
 * granting the user full control, and a directory another user may write into is refused. User-only permissions are no boundary
 * against other processes of the same user: a host must keep untrusted same-user writers away itself.
 */
public final class HostState {

    /** The folder under the state root that every Praefectus host and the engine share. */
    public static final String ROOT_NAME = "praefectus";

    private static final Privacy PRIVACY = Privacy.forDefaultFileSystem();

    private HostState() {}

    /** The Praefectus state root for this process's environment and home directory (not created). */
    public static Path root() {
        return root(System.getenv(), Path.of(System.getProperty("user.home")));
    }

    /**
     * The Praefectus state root for {@code environment} and {@code home} (not created): {@code
     * $XDG_STATE_HOME/praefectus} when that variable holds an absolute path, else {@code
     * home/.local/state/praefectus}.
     */
    public static Path root(Map<String, String> environment, Path home) {
        String xdg = environment.get("XDG_STATE_HOME");
        if (xdg != null && !xdg.isEmpty() && Path.of(xdg).isAbsolute()) {
            return Path.of(xdg).resolve(ROOT_NAME);
        }
        return home.toAbsolutePath().resolve(".local").resolve("state").resolve(ROOT_NAME);
    }

    /**
     * The private state directory of host {@code name} under {@link #root()}, created 0700 when missing.
     *
     * @param name one path segment naming the host, e.g. {@code mcp}; letters, digits, {@code -}, {@code _}
     * @throws IOException when the directory cannot be created or is not private
     */
    public static Path directory(String name) throws IOException {
        return privateDirectory(root().resolve(segment(name)));
    }

    /**
     * Creates the missing part of {@code directory} with mode 0700 (fsyncing each parent) after checking
     * that the nearest existing ancestor is a private directory, and returns it.
     *
     * @throws NotPrivateException when a part is a symlink or not a directory, or an existing part is not
     *     private
     * @throws IOException when a directory cannot be created
     */
    public static Path privateDirectory(Path directory) throws IOException {
        return privateDirectory(directory, PRIVACY);
    }

    /** {@link #privateDirectory(Path)} kept private by {@code privacy}. */
    static Path privateDirectory(Path directory, Privacy privacy) throws IOException {
        Path absolute = directory.toAbsolutePath().normalize();
        Deque<Path> missing = new ArrayDeque<>();
        Path current = absolute;
        while (current != null) {
            BasicFileAttributes attributes;
            try {
                attributes = Files.readAttributes(current, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            } catch (NoSuchFileException absent) {
                missing.push(current);
                current = current.getParent();
                continue;
            }
            if (attributes.isSymbolicLink() || !attributes.isDirectory()) {
                throw new NotPrivateException("the state directory is not a private directory");
            }
            privacy.requireDirectory(current);
            break;
        }
        while (!missing.isEmpty()) {
            Path created = missing.pop();
            try {
                privacy.createDirectory(created);
            } catch (FileAlreadyExistsException raced) {
                privacy.requireDirectory(created);
            }
            if (created.getParent() != null) {
                privacy.syncDirectory(created.getParent());
            }
        }
        return absolute;
    }

    /**
     * The content of the private file {@code file}, creating it exclusively with {@code initialContent} and
     * mode 0600 when absent. Never follows a symlink; a file others can read or write is refused.
     */
    static String readOrCreatePrivateFile(Path file, byte[] initialContent) throws IOException {
        return readOrCreatePrivateFile(file, initialContent, PRIVACY);
    }

    /** {@link #readOrCreatePrivateFile(Path, byte[])} kept private by {@code privacy}. */
    static String readOrCreatePrivateFile(Path file, byte[] initialContent, Privacy privacy) throws IOException {
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            try (FileChannel channel = privacy.createFile(file)) {
                channel.write(java.nio.ByteBuffer.wrap(initialContent));
                channel.force(true);
            } catch (FileAlreadyExistsException raced) {
                // another process created it first: use that one
            }
            privacy.syncDirectory(file.toAbsolutePath().getParent());
        }
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new NotPrivateException("the host state file is not a regular file");
        }
        privacy.requireFile(file);
        return Files.readString(file, java.nio.charset.StandardCharsets.US_ASCII);
    }

    private static String segment(String name) {
        if (name == null
                || name.isEmpty()
                || name.length() > 64
                || !name.chars().allMatch(HostState::segmentChar)) {
            throw new IllegalArgumentException("a host state name is 1-64 letters, digits, '-' or '_'");
        }
        return name;
    }

    private static boolean segmentChar(int c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    }

    /** A state directory or file that exists but is not private to this user (or is a symlink). */
    public static final class NotPrivateException extends IOException {
        private static final long serialVersionUID = 1L;

        /** @param message a fixed text; never key material */
        public NotPrivateException(String message) {
            super(message);
        }
    }
}
